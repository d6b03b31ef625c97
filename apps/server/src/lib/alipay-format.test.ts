import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  beijingTime,
  fenOf,
  parseBeijingTime,
  privateKeyPem,
  publicKeyPem,
  yuanOf,
} from './alipay-format.ts';

describe("Alipay's wire formats", () => {
  it('writes fen as yuan with two decimals and reads them back', () => {
    expect(yuanOf(2500)).toBe('25.00');
    expect(yuanOf(7)).toBe('0.07');
    expect(yuanOf(24_801)).toBe('248.01');
    expect(fenOf('25.00')).toBe(2500);
    expect(fenOf('0.5')).toBe(50);
    expect(fenOf('248')).toBe(24_800);
  });

  it.each(['', '25.001', '-1.00', '1e3', '01.00', ' 25.00', '25,00', undefined])(
    'reads %j as no amount',
    (text) => {
      expect(fenOf(text)).toBeNull();
    },
  );

  it('writes and reads Beijing time (UTC+8)', () => {
    const ms = Date.UTC(2026, 10, 26, 5, 6, 7);
    expect(beijingTime(ms)).toBe('2026-11-26 13:06:07');
    expect(parseBeijingTime('2026-11-26 13:06:07')).toBe(ms);
    expect(parseBeijingTime('2026-11-26T13:06:07')).toBeNull();
  });

  it('takes keys as PEM or bare base64, PKCS#8 or PKCS#1', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pkcs8 = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString().trim();
    const pkcs1Der = privateKey.export({ format: 'der', type: 'pkcs1' }).toString('base64');
    const spkiDer = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(privateKeyPem(pkcs1Der)).toBe(pkcs8);
    expect(privateKeyPem(pkcs8)).toBe(pkcs8);
    expect(publicKeyPem(spkiDer)).toBe(
      publicKey.export({ format: 'pem', type: 'spki' }).toString().trim(),
    );
    expect(() => privateKeyPem('not a key')).toThrow();
  });
});
