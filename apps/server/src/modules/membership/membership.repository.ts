import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@melon/db/database';
import { EpisodeAccess } from '@melon/db/enums';

/*
 * Memberships and bought episodes (issue 15, decision 047): the tables every grant writes
 * (a paid order, a redeemed code) and every playback decision reads. Grants run inside the
 * caller's transaction so an order's state and the right it buys change together.
 */

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 24 * 3600 * 1000;

/** The user's membership row, or undefined if they never had one. */
export function findMembership(db: Db, userId: string) {
  return db
    .selectFrom('vip_memberships')
    .select(['expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Extends a membership by `days` from the later of now and its current expiry (a renewal
 * before the end adds to it) and returns the new expiry. One statement, so concurrent grants
 * each add their days.
 */
export async function extendMembership(
  db: Db,
  userId: string,
  days: number,
  nowMs: number,
): Promise<number> {
  const addMs = days * DAY_MS;
  const row = await db
    .insertInto('vip_memberships')
    .values({ user_id: userId, expires_at: nowMs + addMs, created_at: nowMs, updated_at: nowMs })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        expires_at: sql<number>`(case when vip_memberships.expires_at > ${nowMs} then vip_memberships.expires_at else ${nowMs} end) + ${addMs}`,
        updated_at: nowMs,
      }),
    )
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/** Records a bought episode; buying it twice keeps the first grant. */
export async function grantPaidEpisode(
  db: Db,
  grant: { userId: string; itemId: string; orderId: string; nowMs: number },
): Promise<void> {
  await db
    .insertInto('paid_episodes')
    .values({
      user_id: grant.userId,
      item_id: grant.itemId,
      order_id: grant.orderId,
      created_at: grant.nowMs,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'item_id']).doNothing())
    .execute();
}

/** Whether the user bought this episode. */
export async function ownsEpisode(db: Db, userId: string, itemId: string): Promise<boolean> {
  const row = await db
    .selectFrom('paid_episodes')
    .select('item_id')
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An item's episode access (free, vip, paid) and price; a non-episode item is free. */
export async function findEpisodeAccess(db: Db, itemId: string) {
  const row = await db
    .selectFrom('album_episodes')
    .select(['access', 'price_fen', 'album_id'])
    .where('item_id', '=', itemId)
    .orderBy('album_id')
    .executeTakeFirst();
  return row ?? { access: EpisodeAccess.Free, price_fen: null, album_id: null };
}

/** What building an item's preview rendition reads: its media and duration. */
export function findTrialWork(db: Db, itemId: string) {
  return db
    .selectFrom('item_media as m')
    .innerJoin('items as i', 'i.id', 'm.item_id')
    .select(['m.state', 'm.package_dir', 'm.trial_package_dir', 'i.duration_ms'])
    .where('m.item_id', '=', itemId)
    .executeTakeFirst();
}

/**
 * Records a preview rendition built from `packageDir`; false (nothing written) when the media
 * is no longer ready with that package or already has a preview.
 */
export async function setTrialPackage(
  db: Db,
  trial: { itemId: string; packageDir: string; trialDir: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('item_media')
    .set({ trial_package_dir: trial.trialDir, updated_at: trial.now })
    .where('item_id', '=', trial.itemId)
    .where('state', '=', 'ready')
    .where('package_dir', '=', trial.packageDir)
    .where('trial_package_dir', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ready episodes that are VIP or paid and have no preview rendition yet. */
export async function listEpisodesWithoutTrial(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('item_media as m')
    .innerJoin('album_episodes as e', 'e.item_id', 'm.item_id')
    .select('m.item_id')
    .distinct()
    .where('m.state', '=', 'ready')
    .where('m.trial_package_dir', 'is', null)
    .where('e.access', '!=', EpisodeAccess.Free)
    .execute();
  return rows.map((row) => row.item_id);
}
