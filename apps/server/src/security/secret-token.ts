import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token (256 bits), URL-safe. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** What is stored in place of a token or code: its SHA-256, hex. */
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
