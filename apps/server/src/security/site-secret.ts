import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Below this many bytes a secret could be guessed, and every token it signs forged. */
export const SITE_SECRET_MIN_BYTES = 32;

/** The site secret on disk is unusable: the process must not start with it. */
export class SiteSecretError extends Error {}

/**
 * The key that signs anti-forgery tokens. Made once per data dir and kept there, so tokens stay
 * valid across restarts and every process sharing the data dir agrees on them.
 *
 * A new secret is written whole to a private temporary file and then linked to its name: the
 * name appears with the whole secret or not at all, and of two first starts racing, the second's
 * link fails and it reads the first's secret. A secret file under 32 bytes (empty, cut short by a
 * crash or a full disk, edited by hand) is refused rather than replaced, since replacing it
 * would sign everyone out and hide the fault.
 */
export function loadSiteSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'site-secret.key');
  return readSecret(file) ?? createSecret(dataDir, file);
}

function readSecret(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = Buffer.from(text.trim(), 'base64url');
  if (secret.length < SITE_SECRET_MIN_BYTES) {
    throw new SiteSecretError(
      `the site secret ${file} holds ${secret.length} bytes, at least ${SITE_SECRET_MIN_BYTES} are needed: ` +
        'restore it from a backup, or remove it to make a new one (everyone is signed out)',
    );
  }
  return secret;
}

function createSecret(dataDir: string, file: string): Buffer {
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(SITE_SECRET_MIN_BYTES);
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, secret.toString('base64url'), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process made it first; its secret is whole since it was linked whole.
    const theirs = readSecret(file);
    if (!theirs) throw error;
    return theirs;
  } finally {
    rmSync(temporary, { force: true });
  }
}
