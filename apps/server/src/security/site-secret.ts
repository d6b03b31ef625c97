import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** Below this many bytes a secret could be guessed, and every token it signs forged. */
export const SITE_SECRET_MIN_BYTES = 32;

/** The site secret found is unusable: the process must not start with it. */
export class SiteSecretError extends Error {}

/** The site secret's row in `shared_secrets`. */
const SITE_SECRET_NAME = 'site';

export interface SiteSecretSources {
  /** Where a site made before decision 040 kept its secret (`site-secret.key`). */
  dataDir: string;
  /** MELON_SITE_SECRET, base64url: wins over the database when set. */
  setting?: string | undefined;
}

/**
 * The key that signs anti-forgery tokens and media URLs, the same for every process of a site
 * (decision 040). An explicit setting wins; else the database's `shared_secrets` row, which
 * every process of the scale mode reads alike. A site's first start stores one there: the data
 * dir's `site-secret.key` when a site made before decision 040 has one (so its sessions and
 * tokens stay valid), else 32 new random bytes. Call it under the start-up lock, so that of
 * processes starting together one makes the secret and the others read it.
 *
 * A secret under 32 bytes (an empty or cut-short file, a short setting or row) is refused
 * rather than replaced, since replacing it would sign everyone out and hide the fault.
 */
export async function ensureSiteSecret(
  db: Kysely<Database>,
  sources: SiteSecretSources,
): Promise<Buffer> {
  if (sources.setting) return decodeSecret(sources.setting, 'MELON_SITE_SECRET');
  const stored = await readStoredSecret(db);
  if (stored !== undefined) return decodeSecret(stored, 'the site secret in the database');
  const secret = readSecretFile(sources.dataDir) ?? randomBytes(SITE_SECRET_MIN_BYTES);
  await db
    .insertInto('shared_secrets')
    .values({ name: SITE_SECRET_NAME, value: secret.toString('base64url'), created_at: Date.now() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const kept = await readStoredSecret(db);
  return kept === undefined ? secret : decodeSecret(kept, 'the site secret in the database');
}

async function readStoredSecret(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('shared_secrets')
    .select('value')
    .where('name', '=', SITE_SECRET_NAME)
    .executeTakeFirst();
  return row?.value;
}

function readSecretFile(dataDir: string): Buffer | undefined {
  const file = path.join(dataDir, 'site-secret.key');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return decodeSecret(text, `the site secret ${file}`);
}

function decodeSecret(text: string, where: string): Buffer {
  const secret = Buffer.from(text.trim(), 'base64url');
  if (secret.length < SITE_SECRET_MIN_BYTES) {
    throw new SiteSecretError(
      `${where} holds ${secret.length} bytes, at least ${SITE_SECRET_MIN_BYTES} are needed: ` +
        'restore it from a backup, or remove it to make a new one (everyone is signed out)',
    );
  }
  return secret;
}
