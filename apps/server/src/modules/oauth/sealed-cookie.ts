import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Short-lived values kept in the browser instead of a table: AES-256-GCM under a key derived
 * from the site secret, so the browser can neither read nor alter them, and bound to a context
 * (the web id) so a value copied into another browser does not open.
 */
export interface CookieSealer<T> {
  seal(value: T, context: string, ttlMs: number): string;
  /** The value, or undefined when missing, tampered with, from another context or expired. */
  open(sealed: string | undefined, context: string): T | undefined;
}

export function createCookieSealer<T>(secret: Buffer, purpose: string): CookieSealer<T> {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `melon:${purpose}`, 32));

  return {
    seal(value, context, ttlMs) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const plain = JSON.stringify({ value, exp: Date.now() + ttlMs });
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    open(sealed, context) {
      if (!sealed) return undefined;
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
          .setAAD(Buffer.from(context))
          .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
        const { value, exp } = JSON.parse(plain) as { value: T; exp: number };
        return Date.now() < exp ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
