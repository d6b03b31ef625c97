import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacKey } from './hmac-key.ts';

describe('hmacKey', () => {
  it('makes one key per secret, signing as the secret itself does', () => {
    const secret = randomBytes(32);
    const key = hmacKey(secret);
    expect(hmacKey(secret)).toBe(key);
    expect(hmacKey(Buffer.from(secret))).not.toBe(key);
    const viaKey = createHmac('sha256', key).update('csrf:1').digest('base64url');
    expect(viaKey).toBe(createHmac('sha256', secret).update('csrf:1').digest('base64url'));
  });
});
