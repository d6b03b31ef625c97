import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/*
 * WeChat Pay API v3's signatures (decision 049): SHA256withRSA (RSASSA-PKCS1-v1_5 over SHA-256,
 * base64) over lines that each end in `\n`. A request is signed by the merchant's private key
 * over `METHOD\nURL\ntimestamp\nnonce\nbody\n` and carries it in the `Authorization` header; an
 * answer or a notify is signed by the platform's private key over `timestamp\nnonce\nbody\n`
 * and carries it in the `Wechatpay-*` headers. Timestamps are Unix seconds.
 */

const WECHAT_AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** How far a signed timestamp may be from now before it is refused as a replay (5 minutes). */
const WECHAT_REPLAY_WINDOW_MS = 5 * 60 * 1000;

/** A signature did not check out; the message says which part, for the log. */
export class WechatSignatureError extends Error {}

/** The merchant's signing identity: its number, its private key and its certificate's serial. */
export interface WechatMerchantKey {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** A random string of 32 letters and digits, as WeChat's own SDKs make `nonce_str`. */
function wechatNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(32), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Unix seconds, as a v3 timestamp is written. */
function wechatTimestamp(nowMs: number): string {
  return String(Math.floor(nowMs / 1000));
}

/** The request's signed message; `url` is the path with its query, `body` '' for a GET. */
function requestMessage(
  method: string,
  url: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The answer's or notify's signed message. */
function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

function signMessage(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

function verifyMessage(publicKey: KeyObject, message: string, signature: string): boolean {
  return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
}

/** The `Authorization` header for a request, signed with the merchant's private key. */
export function authorizationHeader(
  merchant: WechatMerchantKey,
  request: { method: string; url: string; body: string; nowMs: number; nonce?: string },
): string {
  const timestamp = wechatTimestamp(request.nowMs);
  const nonce = request.nonce ?? wechatNonce();
  const signature = signMessage(
    merchant.privateKey,
    requestMessage(request.method, request.url, timestamp, nonce, request.body),
  );
  return (
    `${WECHAT_AUTH_SCHEME} mchid="${merchant.mchid}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`
  );
}

type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Checks an answer's or a notify's `Wechatpay-*` headers over the body exactly as received:
 * the serial names one of the platform keys Melon holds, the timestamp is within 5 minutes of
 * now, and the signature verifies with that key. Throws a WechatSignatureError otherwise.
 */
export function verifySignedHeaders(
  headers: HeaderBag,
  body: string,
  platformKeys: ReadonlyMap<string, KeyObject>,
  nowMs: number,
): void {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) {
    throw new WechatSignatureError('missing Wechatpay-* signature headers');
  }
  const key = platformKeys.get(serial);
  if (!key) throw new WechatSignatureError(`unknown platform serial ${serial}`);
  if (!/^\d{1,12}$/.test(timestamp)) throw new WechatSignatureError('malformed timestamp');
  if (Math.abs(nowMs - Number(timestamp) * 1000) > WECHAT_REPLAY_WINDOW_MS) {
    throw new WechatSignatureError(`timestamp ${timestamp} outside the 5-minute window`);
  }
  if (!verifyMessage(key, responseMessage(timestamp, nonce, body), signature)) {
    throw new WechatSignatureError('signature does not verify');
  }
}

/** A header's single value, whatever the case of its name. */
export function header(headers: HeaderBag, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === lower) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
