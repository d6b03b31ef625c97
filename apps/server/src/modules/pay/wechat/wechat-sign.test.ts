import { createCipheriv, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptResource, WechatResourceError } from './wechat-resource.ts';
import { authorizationHeader, verifySignedHeaders, WechatSignatureError } from './wechat-sign.ts';
import { readTransaction, rfc3339Beijing, WechatTransactionError } from './wechat-transaction.ts';

/*
 * WeChat Pay v3's signatures and resource encryption against vectors computed here with
 * node:crypto's one-shot `sign` and raw AES-GCM, written out by hand from the protocol.
 */

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchantKeys = rsa();
const platformKeys = rsa();
const otherKeys = rsa();

const expected = (key: KeyObject, message: string) =>
  sign('sha256', Buffer.from(message, 'utf8'), key).toString('base64');

describe('the merchant request signature', () => {
  const merchant = {
    mchid: '1900009191',
    serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
    privateKey: merchantKeys.privateKey,
  };

  it('signs METHOD\\nURL\\ntimestamp\\nnonce\\nbody\\n and writes the v3 Authorization header', () => {
    const body = '{"appid":"wxd678efh567hg6787","amount":{"total":100,"currency":"CNY"}}';
    const header = authorizationHeader(merchant, {
      method: 'POST',
      url: '/v3/pay/transactions/native',
      body,
      nowMs: 1554208460_123,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    const signature = expected(
      merchantKeys.privateKey,
      `POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n${body}\n`,
    );
    expect(header).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",' +
        `signature="${signature}",timestamp="1554208460",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"`,
    );
  });

  it('signs a GET with an empty body line', () => {
    const header = authorizationHeader(merchant, {
      method: 'GET',
      url: '/v3/pay/transactions/out-trade-no/1217752501201407033233368018?mchid=1900009191',
      body: '',
      nowMs: 1554208460_000,
      nonce: 'ABC',
    });
    const signature = expected(
      merchantKeys.privateKey,
      'GET\n/v3/pay/transactions/out-trade-no/1217752501201407033233368018?mchid=1900009191\n1554208460\nABC\n\n',
    );
    expect(header).toContain(`signature="${signature}",timestamp="1554208460"`);
  });
});

describe('the platform signature on answers and notifies', () => {
  const now = 1_780_000_000_000;
  const keys = new Map([['PUB_KEY_ID_0114232134912410000', platformKeys.publicKey]]);
  const body = '{"id":"EV-2018022511223320873","event_type":"TRANSACTION.SUCCESS"}';
  const headersAt = (
    timestamp: string,
    key: KeyObject,
    serial = 'PUB_KEY_ID_0114232134912410000',
  ) => ({
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': 'fdasfwqewlkja484w',
    'wechatpay-signature': expected(key, `${timestamp}\nfdasfwqewlkja484w\n${body}\n`),
    'wechatpay-serial': serial,
  });

  /** The check as a thunk, for expect(…).toThrow. */
  const check =
    (headers: Record<string, string>, signedBody = body) =>
    () => {
      verifySignedHeaders(headers, signedBody, keys, now);
    };

  it('verifies timestamp\\nnonce\\nbody\\n with the key of the named serial', () => {
    expect(check(headersAt('1780000000', platformKeys.privateKey))).not.toThrow();
    // Header names in any case, as HTTP has them.
    const upper = Object.fromEntries(
      Object.entries(headersAt('1780000000', platformKeys.privateKey)).map(([k, v]) => [
        k.toUpperCase(),
        v,
      ]),
    );
    expect(check(upper)).not.toThrow();
  });

  it('accepts a timestamp 4 minutes off, refuses one past 5 minutes either way', () => {
    expect(check(headersAt('1779999760', platformKeys.privateKey))).not.toThrow();
    expect(check(headersAt('1779999699', platformKeys.privateKey))).toThrow(/5-minute/);
    expect(check(headersAt('1780000301', platformKeys.privateKey))).toThrow(/5-minute/);
  });

  it.each([
    [
      'a forged signature (another key)',
      headersAt('1780000000', otherKeys.privateKey),
      body,
      /does not verify/,
    ],
    [
      'a wrong serial',
      headersAt('1780000000', platformKeys.privateKey, 'PUB_KEY_ID_9999'),
      body,
      /unknown platform serial/,
    ],
    [
      'an altered body',
      headersAt('1780000000', platformKeys.privateKey),
      body.replace('SUCCESS', 'SUCCES5'),
      /does not verify/,
    ],
    [
      "WeChat's signature probe (WECHATPAY/SIGNTEST/)",
      {
        ...headersAt('1780000000', platformKeys.privateKey),
        'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc',
      },
      body,
      /does not verify/,
    ],
    ['no signature headers', {}, body, /missing/],
  ])('refuses %s', (_, headers: Record<string, string>, signedBody, reason) => {
    expect(check(headers, signedBody)).toThrow(WechatSignatureError);
    expect(check(headers, signedBody)).toThrow(reason);
  });
});

describe('the notify resource, AEAD_AES_256_GCM', () => {
  const key = Buffer.from('d2f4a1c9e8b7a6f5e4d3c2b1a0f9e8d7', 'utf8');
  const plaintext = '{"out_trade_no":"1217752501201407033233368018","trade_state":"SUCCESS"}';

  /** Sealed here with raw AES-256-GCM: ciphertext then the 16-byte tag, base64. */
  function seal(nonce: string, aad: string) {
    const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonce));
    cipher.setAAD(Buffer.from(aad));
    const sealed = Buffer.concat([
      cipher.update(plaintext, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      associated_data: aad,
      nonce,
    };
  }

  it('decrypts a resource sealed with the APIv3 key', () => {
    expect(decryptResource(seal('fdasflkja484', 'transaction'), key)).toBe(plaintext);
  });

  const flip = (base64: string, at: (length: number) => number) => {
    const bytes = Buffer.from(base64, 'base64');
    const index = at(bytes.length);
    bytes[index] = (bytes[index] ?? 0) ^ 0x01;
    return bytes.toString('base64');
  };

  it.each([
    [
      'a flipped ciphertext byte',
      () => ({
        ...seal('fdasflkja484', 'transaction'),
        ciphertext: flip(seal('fdasflkja484', 'transaction').ciphertext, () => 3),
      }),
    ],
    [
      'a flipped tag byte',
      () => ({
        ...seal('fdasflkja484', 'transaction'),
        ciphertext: flip(seal('fdasflkja484', 'transaction').ciphertext, (n) => n - 1),
      }),
    ],
    [
      'other associated data',
      () => ({ ...seal('fdasflkja484', 'transaction'), associated_data: 'refund' }),
    ],
    ['another nonce', () => ({ ...seal('fdasflkja484', 'transaction'), nonce: 'fdasflkja485' })],
    [
      'another algorithm',
      () => ({ ...seal('fdasflkja484', 'transaction'), algorithm: 'AEAD_SM4_GCM' }),
    ],
    ['a cut ciphertext', () => ({ ...seal('fdasflkja484', 'transaction'), ciphertext: 'AAAA' })],
  ])('refuses %s', (_, resource) => {
    expect(() => decryptResource(resource(), key)).toThrow(WechatResourceError);
  });

  it('refuses the right resource under another key', () => {
    expect(() => decryptResource(seal('fdasflkja484', 'transaction'), Buffer.alloc(32, 7))).toThrow(
      WechatResourceError,
    );
  });
});

describe('the transaction', () => {
  const merchant = { mchid: '1900009191', appid: 'wxd678efh567hg6787' };
  const paid = {
    appid: 'wxd678efh567hg6787',
    mchid: '1900009191',
    out_trade_no: '1217752501201407033233368018',
    transaction_id: '1217752501201407033233368018',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    success_time: '2018-06-08T10:34:56+08:00',
    amount: { total: 100, payer_total: 100, currency: 'CNY', payer_currency: 'CNY' },
  };

  it('reads a paid one: amount, currency, transaction id and time (Beijing time to UTC ms)', () => {
    expect(readTransaction(JSON.stringify(paid), merchant)).toEqual({
      outTradeNo: '1217752501201407033233368018',
      providerTradeNo: '1217752501201407033233368018',
      state: 'paid',
      amountFen: 100,
      currency: 'CNY',
      paidAt: Date.UTC(2018, 5, 8, 2, 34, 56),
    });
  });

  it.each([
    ['NOTPAY', 'pending'],
    ['USERPAYING', 'pending'],
    ['CLOSED', 'closed'],
    ['REVOKED', 'closed'],
    ['PAYERROR', 'closed'],
    ['REFUND', 'refunded'],
  ])('maps trade_state %s to %s', (tradeState, state) => {
    const unpaid = { ...paid, transaction_id: undefined, success_time: undefined };
    expect(
      readTransaction(JSON.stringify({ ...unpaid, trade_state: tradeState }), merchant),
    ).toMatchObject({
      state,
      paidAt: null,
    });
  });

  it('reads an unpaid one without a currency as CNY, the documented default', () => {
    const notPaid = {
      ...paid,
      trade_state: 'NOTPAY',
      transaction_id: undefined,
      amount: { total: 100 },
    };
    expect(readTransaction(JSON.stringify(notPaid), merchant)).toEqual({
      outTradeNo: '1217752501201407033233368018',
      providerTradeNo: '',
      state: 'pending',
      amountFen: 100,
      currency: 'CNY',
      paidAt: null,
    });
  });

  it.each([
    ['another merchant', { ...paid, mchid: '1900000000' }],
    ['another app', { ...paid, appid: 'wx0000000000000000' }],
    ['a paid one without its transaction id', { ...paid, transaction_id: undefined }],
    ['a paid one without a currency', { ...paid, amount: { total: 100 } }],
    ['a paid one with a fractional amount', { ...paid, amount: { total: 1.5, currency: 'CNY' } }],
    ['an unknown state', { ...paid, trade_state: 'PAID' }],
  ])('refuses %s', (_, transaction) => {
    expect(() => readTransaction(JSON.stringify(transaction), merchant)).toThrow(
      WechatTransactionError,
    );
  });

  it('writes time_expire in RFC 3339, Beijing time', () => {
    expect(rfc3339Beijing(Date.UTC(2026, 10, 26, 17, 5, 9, 500))).toBe('2026-11-27T01:05:09+08:00');
  });
});
