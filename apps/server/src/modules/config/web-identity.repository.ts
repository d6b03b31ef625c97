import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/**
 * How stale a qualified browser's last sight may get before a tracking call renews it: the sweep
 * forgets browsers unseen for its retention (days), so renewing once a day is precise enough and
 * keeps a busy browser's calls from writing on every batch.
 */
export const LAST_SEEN_RENEWAL_MS = 24 * 3600_000;

/**
 * Whether a visitor's web id is qualified. A read only: every page render asks, and a browser
 * that never reports behaviour (a crawler, a script) leaves no row behind.
 */
export async function isWebIdentityQualified(
  db: Kysely<Database>,
  webId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('web_identities')
    .select('qualified')
    .where('web_id', '=', webId)
    .executeTakeFirst();
  return row?.qualified === 1;
}

/**
 * Marks a web id qualified; true when this call is what qualified it. A browser already
 * qualified has its last sight renewed at most once per LAST_SEEN_RENEWAL_MS.
 */
export async function qualifyWebIdentity(
  db: Kysely<Database>,
  webId: string,
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('web_identities')
    .values({ web_id: webId, created_at: now, last_seen_at: now, qualified: 1 })
    .onConflict((oc) => oc.column('web_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const qualified = await db
    .updateTable('web_identities')
    .set({ qualified: 1, last_seen_at: now })
    .where('web_id', '=', webId)
    .where('qualified', '=', 0)
    .executeTakeFirst();
  if (Number(qualified.numUpdatedRows) > 0) return true;
  await db
    .updateTable('web_identities')
    .set({ last_seen_at: now })
    .where('web_id', '=', webId)
    .where('last_seen_at', '<', now - LAST_SEEN_RENEWAL_MS)
    .execute();
  return false;
}
