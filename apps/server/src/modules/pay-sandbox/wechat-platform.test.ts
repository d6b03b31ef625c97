import { createDecipheriv, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  parseAuthorization,
  platformHeaders,
  sealResource,
  wechatTime,
} from './wechat-platform.ts';

/* The sandbox's WeChat side checked against node:crypto's one-shot verify and raw AES-256-GCM. */

describe("the sandbox's WeChat side", () => {
  it('signs answers over timestamp\\nnonce\\nbody\\n with the platform key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=p4lpSuKzz"}';
    const headers = platformHeaders(
      { serial: 'PUB_KEY_ID_01', privateKey: pem },
      body,
      1_780_000_000_999,
    );
    expect(headers['wechatpay-timestamp']).toBe('1780000000');
    expect(headers['wechatpay-serial']).toBe('PUB_KEY_ID_01');
    const message = `1780000000\n${headers['wechatpay-nonce']}\n${body}\n`;
    const signature = Buffer.from(headers['wechatpay-signature'] ?? '', 'base64');
    expect(verify('sha256', Buffer.from(message), publicKey, signature)).toBe(true);
  });

  it('seals a resource that opens with raw AES-256-GCM (ciphertext, then the 16-byte tag)', () => {
    const key = 'd2f4a1c9e8b7a6f5e4d3c2b1a0f9e8d7';
    const resource = sealResource('{"trade_state":"SUCCESS"}', 'transaction', key);
    expect(resource).toMatchObject({
      algorithm: 'AEAD_AES_256_GCM',
      associated_data: 'transaction',
    });
    expect(resource.nonce).toHaveLength(12);
    const sealed = Buffer.from(resource.ciphertext, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(resource.nonce));
    decipher.setAAD(Buffer.from('transaction'));
    decipher.setAuthTag(sealed.subarray(-16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
    expect(plain.toString()).toBe('{"trade_state":"SUCCESS"}');
  });

  it('reads the Authorization header in any field order', () => {
    expect(
      parseAuthorization(
        'WECHATPAY2-SHA256-RSA2048 serial_no="S",timestamp="1",signature="c2ln",nonce_str="N",mchid="1900000109"',
      ),
    ).toEqual({
      mchid: '1900000109',
      nonce_str: 'N',
      signature: 'c2ln',
      timestamp: '1',
      serial_no: 'S',
    });
  });

  it.each([
    [
      'another scheme',
      'WECHATPAY2-SHA256-RSA4096 mchid="1",nonce_str="a",signature="s",timestamp="1",serial_no="x"',
    ],
    [
      'a missing field',
      'WECHATPAY2-SHA256-RSA2048 mchid="1",nonce_str="a",signature="s",timestamp="1"',
    ],
    [
      'an unquoted field',
      'WECHATPAY2-SHA256-RSA2048 mchid=1,nonce_str="a",signature="s",timestamp="1",serial_no="x"',
    ],
    ['nothing', undefined],
  ])('reads %s as no Authorization', (_, header) => {
    expect(parseAuthorization(header)).toBeNull();
  });

  it('writes times in RFC 3339, Beijing time', () => {
    expect(wechatTime(Date.UTC(2026, 10, 26, 17, 5, 9, 500))).toBe('2026-11-27T01:05:09+08:00');
  });
});
