import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that signs anti-forgery tokens. Made once per data dir and kept there, so tokens stay
 * valid across restarts and every process sharing the data dir agrees on them.
 */
export function loadSiteSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'site-secret.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('base64url'), { flag: 'wx', mode: 0o600 });
  return secret;
}
