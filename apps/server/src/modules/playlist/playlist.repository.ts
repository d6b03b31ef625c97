import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { PlaylistsTable } from '@melon/db/tables/playlists';
import { seenBy } from '../item/item-listing.ts';
import { videoListColumns } from '../item/item-columns.ts';
import type { ViewerId } from '../item/item.policy.ts';

type Db = Kysely<Database>;

/**
 * Playlists with what their summaries show: the count and the first cover of the videos the
 * viewer may see (by link).
 */
function playlistSummaries(db: Db, viewerId: ViewerId) {
  const visibleEntries = (eb: ExpressionBuilder<Database & { p: PlaylistsTable }, 'p'>) =>
    eb
      .selectFrom('playlist_items as pi')
      .innerJoin('items as i', 'i.id', 'pi.item_id')
      .whereRef('pi.playlist_id', '=', 'p.id')
      .where((inner) => seenBy(inner, viewerId, 'link'));
  return db.selectFrom('playlists as p').select((eb) => [
    'p.id',
    'p.user_id',
    'p.title',
    'p.description',
    'p.is_public',
    'p.updated_at',
    visibleEntries(eb)
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .as('visible_count'),
    visibleEntries(eb)
      .select(sql<string>`coalesce(nullif(i.cover_large_uri, ''), i.cover_middle_uri)`.as('uri'))
      .orderBy('pi.position')
      .limit(1)
      .as('cover_uri'),
  ]);
}
export type PlaylistRow = Awaited<
  ReturnType<ReturnType<typeof playlistSummaries>['execute']>
>[number];

/** The owner's playlists, newest first: only the public ones unless the viewer is the owner. */
export function listPlaylists(db: Db, ownerId: string, viewerId: ViewerId) {
  let select = playlistSummaries(db, viewerId).where('p.user_id', '=', ownerId);
  if (viewerId !== ownerId) select = select.where('p.is_public', '=', 1);
  return select.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').execute();
}

/** One playlist as a summary for the viewer; undefined for an unknown id. */
export function findPlaylist(db: Db, playlistId: string, viewerId: ViewerId) {
  return playlistSummaries(db, viewerId).where('p.id', '=', playlistId).executeTakeFirst();
}

/** A playlist's videos the viewer may see, in its order. */
export function listPlaylistEntries(db: Db, playlistId: string, viewerId: ViewerId) {
  return db
    .selectFrom('playlist_items as pi')
    .innerJoin('items as i', 'i.id', 'pi.item_id')
    .innerJoin('channels as c', 'c.id', 'i.channel_id')
    .select(videoListColumns)
    .where('pi.playlist_id', '=', playlistId)
    .where((eb) => seenBy(eb, viewerId, 'link'))
    .orderBy('pi.position')
    .orderBy('pi.item_id')
    .execute();
}

/** Which of the owner's playlists hold the item. */
export async function playlistsHolding(db: Db, ownerId: string, itemId: string) {
  const rows = await db
    .selectFrom('playlist_items as pi')
    .innerJoin('playlists as p', 'p.id', 'pi.playlist_id')
    .select('p.id')
    .where('p.user_id', '=', ownerId)
    .where('pi.item_id', '=', itemId)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function countPlaylists(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('playlists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertPlaylist(
  db: Db,
  playlist: { id: string; userId: string; title: string; description: string; isPublic: boolean },
  now: number,
): Promise<void> {
  await db
    .insertInto('playlists')
    .values({
      id: playlist.id,
      user_id: playlist.userId,
      title: playlist.title,
      description: playlist.description,
      is_public: playlist.isPublic ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The playlist's owner and stored count; undefined for an unknown id. */
export function findPlaylistOwner(db: Db, playlistId: string) {
  return db
    .selectFrom('playlists')
    .select(['id', 'user_id', 'item_count'])
    .where('id', '=', playlistId)
    .executeTakeFirst();
}

/** Puts the item at the end of the playlist; false when it was already there. */
export async function appendPlaylistItem(
  db: Db,
  playlist: { id: string; item_count: number },
  itemId: string,
  now: number,
): Promise<boolean> {
  const last = await db
    .selectFrom('playlist_items')
    .select((eb) => eb.fn.max<number | null>('position').as('p'))
    .where('playlist_id', '=', playlist.id)
    .executeTakeFirstOrThrow();
  const result = await db
    .insertInto('playlist_items')
    .values({
      playlist_id: playlist.id,
      item_id: itemId,
      position: (last.p ?? 0) + 1,
      added_at: now,
    })
    .onConflict((oc) => oc.columns(['playlist_id', 'item_id']).doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  if (added) await moveItemCount(db, playlist.id, 1, now);
  return added;
}

/** Takes the item out of the playlist; false when it was not there. */
export async function removePlaylistItem(
  db: Db,
  playlistId: string,
  itemId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('playlist_items')
    .where('playlist_id', '=', playlistId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed) await moveItemCount(db, playlistId, -1, now);
  return removed;
}

async function moveItemCount(db: Db, playlistId: string, by: 1 | -1, now: number) {
  await db
    .updateTable('playlists')
    .set((eb) => ({ item_count: eb('item_count', '+', by), updated_at: now }))
    .where('id', '=', playlistId)
    .execute();
}
