import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkMediaToken,
  checkRefreshToken,
  makeRefreshToken,
  signedDir,
  signMediaDir,
} from './signed-url.ts';

const secret = randomBytes(32);
const dir = signedDir('7301234567890123456', 'p-abc');
const expires = 1_800_000_000;
const sig = signMediaDir(secret, dir, expires);

describe('media path tokens', () => {
  it('accept their own directory until the expiry, not at it', () => {
    const token = { dir, expires: String(expires), sig };
    expect(checkMediaToken(secret, token, expires - 1)).toBe('valid');
    expect(checkMediaToken(secret, token, expires)).toBe('expired');
  });

  it.each([
    [
      'another directory',
      { dir: signedDir('7301234567890123456', 'p-abd'), expires: String(expires), sig },
    ],
    [
      'another item',
      { dir: signedDir('7301234567890123457', 'p-abc'), expires: String(expires), sig },
    ],
    ['a later expiry', { dir, expires: String(expires + 1), sig }],
    ['a short expiry', { dir, expires: '180000000', sig }],
    ['a padded expiry', { dir, expires: `0${expires}`, sig }],
    [
      'another secret',
      { dir, expires: String(expires), sig: signMediaDir(randomBytes(32), dir, expires) },
    ],
    ['a truncated signature', { dir, expires: String(expires), sig: sig.slice(1) }],
    ['a signature outside base64url', { dir, expires: String(expires), sig: `${sig.slice(1)}+` }],
  ])('refuse %s', (_, token) => {
    expect(checkMediaToken(secret, token, expires - 100)).toBe('bad-signature');
  });

  it('are refused as bad before they are looked at as expired', () => {
    expect(checkMediaToken(secret, { dir, expires: String(expires + 1), sig }, expires + 10)).toBe(
      'bad-signature',
    );
  });
});

describe('refresh tokens', () => {
  const token = makeRefreshToken(secret, '7301234567890123456', expires);

  it('name their item until they expire', () => {
    expect(checkRefreshToken(secret, token, expires - 1)).toEqual({
      state: 'valid',
      itemId: '7301234567890123456',
    });
    expect(checkRefreshToken(secret, token, expires)).toEqual({ state: 'expired' });
  });

  it.each([
    token.replace('7301234567890123456', '7301234567890123457'),
    token.replace(String(expires), String(expires + 1)),
    `${token}x`,
    token.slice(0, -1),
    makeRefreshToken(randomBytes(32), '7301234567890123456', expires),
    '',
    'a.b.c',
  ])('refuse %j', (bad) => {
    expect(checkRefreshToken(secret, bad, expires - 1)).toEqual({ state: 'bad' });
  });
});
