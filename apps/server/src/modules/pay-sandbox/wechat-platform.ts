import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/*
 * WeChat Pay v3 from WeChat's side (decision 049), written apart from Melon's adapter
 * (modules/pay/wechat/) so that the sandbox checks the adapter against the protocol rather than
 * against itself: the merchant's Authorization checked, answers and notifies signed with the
 * platform key, the notify's resource sealed with AEAD_AES_256_GCM under the APIv3 key.
 */

const SCHEME = 'WECHATPAY2-SHA256-RSA2048';
const WINDOW_MS = 5 * 60 * 1000;

/** The Authorization header's fields, as WeChat reads them. */
interface Authorization {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

/** The fields of an Authorization header of the v3 scheme, in any order; null if malformed. */
export function parseAuthorization(header: string | undefined): Authorization | null {
  if (header === undefined || !header.startsWith(`${SCHEME} `)) return null;
  const fields = new Map<string, string>();
  for (const part of header.slice(SCHEME.length + 1).split(',')) {
    const match = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
    if (!match?.[1] || match[2] === undefined) return null;
    fields.set(match[1], match[2]);
  }
  const [mchid, nonce, signature, timestamp, serial] = [
    'mchid',
    'nonce_str',
    'signature',
    'timestamp',
    'serial_no',
  ].map((name) => fields.get(name));
  if (!mchid || !nonce || !signature || !timestamp || !serial) return null;
  return { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial };
}

/**
 * WeChat's check of a request: why it is refused (its 401 SIGN_ERROR message), or null. The
 * message signed is `METHOD\nURL\ntimestamp\nnonce_str\nbody\n` with the URL's path and query
 * as the merchant sent them to the API.
 */
export function authorizationRefusal(
  merchant: { mchid: string; serial: string; publicKey: string },
  request: { authorization: string | undefined; method: string; url: string; body: string },
  nowMs: number,
): string | null {
  const auth = parseAuthorization(request.authorization);
  if (!auth) return 'Authorization 格式错误';
  if (auth.mchid !== merchant.mchid) return '商户号不存在';
  if (auth.serial_no !== merchant.serial) return '商户证书序列号有误';
  const signedAt = Number(auth.timestamp) * 1000;
  if (!Number.isFinite(signedAt) || Math.abs(nowMs - signedAt) > WINDOW_MS) return '时间戳已过期';
  const message = `${request.method}\n${request.url}\n${auth.timestamp}\n${auth.nonce_str}\n${request.body}\n`;
  const valid = createVerify('RSA-SHA256')
    .update(message, 'utf8')
    .verify(merchant.publicKey, auth.signature, 'base64');
  return valid ? null : '签名错误';
}

/** The `Wechatpay-*` headers signing an answer or a notify: `timestamp\nnonce\nbody\n`. */
export function platformHeaders(
  platform: { serial: string; privateKey: string },
  body: string,
  signedAtMs: number,
): Record<string, string> {
  const timestamp = String(Math.floor(signedAtMs / 1000));
  const nonce = randomBytes(16).toString('hex').toUpperCase();
  const signature = createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
    .sign(platform.privateKey, 'base64');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': platform.serial,
  };
}

/** A notify's resource: AES-256-GCM, a 12-character nonce, the tag after the ciphertext. */
export function sealResource(plaintext: string, associatedData: string, apiV3Key: string) {
  const nonce = randomBytes(9).toString('base64url');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const sealed = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    original_type: 'transaction',
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: sealed.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

/** An instant as WeChat writes times: RFC 3339 in Beijing time. */
export function wechatTime(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
