import { createHmac, timingSafeEqual } from 'node:crypto';
import { hmacKey } from './hmac-key.ts';

/**
 * Anti-forgery tokens bound to the visitor's identity: HMAC(secret, web id). A page of another
 * origin can make the browser send the cookie but can never read or compute the token.
 */
export function csrfTokenFor(secret: Buffer, webId: string): string {
  return createHmac('sha256', hmacKey(secret)).update(`csrf:${webId}`).digest('base64url');
}

export function isValidCsrfToken(
  secret: Buffer,
  webId: string,
  token: string | undefined,
): boolean {
  if (!token) return false;
  const expected = Buffer.from(csrfTokenFor(secret, webId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
