import { hash, randomBytes } from 'node:crypto';

/** A fresh unguessable token (256 bits), URL-safe. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/**
 * What is stored in place of a token or code: its SHA-256, hex. Computed on every signed-in
 * request (the session cookie), so with the one-shot `hash` rather than a Hash object.
 */
export const hashSecret = (secret: string): string => hash('sha256', secret, 'hex');
