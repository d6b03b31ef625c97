import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/**
 * Holds the item's row until the transaction ends, so two reports of one item decide "played in
 * the last hour?" one after the other (PostgreSQL; SQLite has one writer already). The counter's
 * own UPDATE would take the same lock a moment later: plays of one item wait no longer for it.
 */
export async function lockItemPlays(trx: Kysely<Database>, itemId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('items').select('id').where('id', '=', itemId).forNoKeyUpdate().execute();
}

/** Whether the viewer's play of the item was counted at or after `since` (ms). */
export async function playedSince(
  db: Kysely<Database>,
  viewerKey: string,
  itemId: string,
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('item_plays')
    .select('id')
    .where('viewer_key', '=', viewerKey)
    .where('item_id', '=', itemId)
    .where('played_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewPlay {
  id: string;
  itemId: string;
  viewerKey: string;
  userId: string | null;
  playedAt: number;
}

export async function insertPlay(db: Kysely<Database>, play: NewPlay): Promise<void> {
  await db
    .insertInto('item_plays')
    .values({
      id: play.id,
      item_id: play.itemId,
      viewer_key: play.viewerKey,
      user_id: play.userId,
      played_at: play.playedAt,
    })
    .execute();
}

export async function readPlayCount(db: Kysely<Database>, itemId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select('play_count')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.play_count;
}
