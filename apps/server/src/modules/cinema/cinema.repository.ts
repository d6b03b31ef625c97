import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '@melon/db/database';
import { type AlbumType, EpisodeType, ItemType } from '@melon/db/enums';
import { LISTED_IN } from '../item/item.policy.ts';
import { itemPolicyColumns } from '../item/item-columns.ts';
import { listedIn } from '../item/item-listing.ts';

/*
 * The cinema's reads (decision 047). Every list keeps to the item policy: albums and clips
 * listed in feeds (`listedIn(…, 'feed')`), episodes as the policy lets a visitor open them.
 */

type Db = Kysely<Database>;
type AlbumBuilder = ExpressionBuilder<Database & { a: Database['albums'] }, 'a'>;

/** What an album card shows, read from `albums as a` joined to `items as i`. */
const cardColumns = [
  'a.item_id as album_id',
  'a.album_type',
  'a.sequence_type',
  'a.year',
  'a.area',
  'a.genres',
  'a.score',
  'a.vip',
  'a.total_episodes',
  'i.title',
  'i.cover_large_uri',
  'i.cover_middle_uri',
] as const;

/**
 * An album's plays: its own item's and its episodes' (playing an episode plays the album), as
 * `play_count`. The sum is cast back to an integer (PostgreSQL sums bigints as numeric).
 */
const albumPlays = sql<number>`i.play_count + coalesce((
  select cast(sum(ei.play_count) as bigint)
  from album_episodes ae inner join items ei on ei.id = ae.item_id
  where ae.album_id = a.item_id
), 0)`.as('play_count');

/** The listed albums with their cards and plays: the base of every album read. */
export function listedAlbums(db: Db) {
  return db
    .selectFrom('albums as a')
    .innerJoin('items as i', 'i.id', 'a.item_id')
    .select([...cardColumns, albumPlays])
    .where((eb) => listedIn(eb, 'feed'));
}

/** The ids for an `in` list: SQL has no empty one, and no row has the id ''. */
const orNone = (ids: readonly string[]) => (ids.length > 0 ? ids : ['']);

/** `albums.genres` (comma-separated) holds the genre. */
export const hasGenre = (eb: AlbumBuilder, genre: string) =>
  eb(sql<string>`',' || ${eb.ref('a.genres')} || ','`, 'like', `%,${genre},%`);

/**
 * The listed albums with their cards and sort keys, for the filter page's snapshot (decision
 * 073): every one, or those of the ids given that are still listed.
 */
export function listSnapshotAlbums(db: Db, albumIds?: readonly string[]) {
  const listed = listedAlbums(db).select('i.publish_time');
  return (albumIds ? listed.where('a.item_id', 'in', orNone(albumIds)) : listed).execute();
}
export type SnapshotAlbumRow = Awaited<ReturnType<typeof listSnapshotAlbums>>[number];

/** A category's albums most played first (the cinema home's rows). */
export function listHotAlbums(db: Db, albumType: AlbumType, limit: number) {
  return listedAlbums(db)
    .where('a.album_type', '=', albumType)
    .orderBy('play_count', 'desc')
    .orderBy('a.item_id', 'desc')
    .limit(limit)
    .execute();
}

/** The highest-scored listed albums with a cover and an episode (the carousel). */
export function listTopScoredAlbums(db: Db, limit: number) {
  return listedAlbums(db)
    .where('a.score', '>', 0)
    .where('i.cover_large_uri', '!=', '')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('album_episodes as ae')
          .select('ae.item_id')
          .whereRef('ae.album_id', '=', 'a.item_id'),
      ),
    )
    .orderBy('a.score', 'desc')
    .orderBy('a.item_id', 'desc')
    .limit(limit)
    .execute();
}

/** Per album type: how many albums are listed. */
export async function countListedAlbums(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('albums as a')
    .innerJoin('items as i', 'i.id', 'a.item_id')
    .select(['a.album_type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where((eb) => listedIn(eb, 'feed'))
    .groupBy('a.album_type')
    .execute();
  return new Map(rows.map((row) => [row.album_type, Number(row.n)]));
}

/** Listed albums of the type sharing one of the genres, highest scored first, but the album. */
export function listRelatedAlbums(
  db: Db,
  album: { album_id: string; album_type: AlbumType; genres: readonly string[] },
  limit: number,
) {
  return listedAlbums(db)
    .where('a.album_type', '=', album.album_type)
    .where('a.item_id', '!=', album.album_id)
    .$if(album.genres.length > 0, (qb) =>
      qb.where((eb) => eb.or(album.genres.map((genre) => hasGenre(eb, genre)))),
    )
    .orderBy('a.score', 'desc')
    .orderBy('a.item_id', 'desc')
    .limit(limit)
    .execute();
}

/** An album with what the item policy reads and its details; undefined for an unknown id. */
export function findAlbum(db: Db, albumId: string) {
  return db
    .selectFrom('albums as a')
    .innerJoin('items as i', 'i.id', 'a.item_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([
      ...cardColumns,
      albumPlays,
      ...itemPolicyColumns,
      'a.cast_names',
      'i.abstract',
      'i.publish_time',
    ])
    .where('a.item_id', '=', albumId)
    .executeTakeFirst();
}
export type AlbumRow = NonNullable<Awaited<ReturnType<typeof findAlbum>>>;

/**
 * The albums' episodes in play order, with what the policy reads of each; every album's when no
 * ids are given (the filter page's snapshot).
 */
export function listEpisodesOf(db: Db, albumIds?: readonly string[]) {
  const episodes = db
    .selectFrom('album_episodes as e')
    .innerJoin('items as i', 'i.id', 'e.item_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([
      ...itemPolicyColumns,
      'e.album_id',
      'e.item_id',
      'e.seq',
      'e.episode_type',
      'e.access',
      'e.price_fen',
      'i.title',
      'i.cover_large_uri',
      'i.cover_middle_uri',
      'i.duration_ms',
    ])
    .orderBy('e.album_id')
    .orderBy('e.seq');
  return (albumIds ? episodes.where('e.album_id', 'in', orNone(albumIds)) : episodes).execute();
}
export type EpisodeRow = Awaited<ReturnType<typeof listEpisodesOf>>[number];

export interface FeedEntriesQuery {
  /** null: every album type. */
  albumType: AlbumType | null;
  albums: boolean;
  clips: boolean;
  offset: number;
  limit: number;
}

/**
 * One page of a cinema feed, newest first: listed albums of the type, and the listed clips
 * (episodes that are not official) of listed albums of the type. Answers ids and kinds.
 */
export function listFeedEntries(db: Db, query: FeedEntriesQuery) {
  return db
    .selectFrom('items as i')
    .leftJoin('albums as a', 'a.item_id', 'i.id')
    .leftJoin('album_episodes as e', 'e.item_id', 'i.id')
    .leftJoin('albums as pa', 'pa.item_id', 'e.album_id')
    .leftJoin('items as pi', 'pi.id', 'e.album_id')
    .select(['i.id', 'i.item_type', 'e.album_id as parent_id'])
    .where((eb) => listedIn(eb, 'feed'))
    .where((eb) => {
      const ofType = (column: 'a.album_type' | 'pa.album_type') =>
        query.albumType === null ? eb(column, 'is not', null) : eb(column, '=', query.albumType);
      const kinds = [];
      if (query.albums)
        kinds.push(eb.and([eb('i.item_type', '=', ItemType.Album), ofType('a.album_type')]));
      if (query.clips) {
        kinds.push(
          eb.and([
            eb('i.item_type', '=', ItemType.Episode),
            eb('e.episode_type', '!=', EpisodeType.Official),
            ofType('pa.album_type'),
            // The album item has no media row: its level is all the policy reads of it.
            eb('pi.visibility', 'in', LISTED_IN.feed),
          ]),
        );
      }
      return eb.or(kinds);
    })
    .orderBy('i.behot_time', 'desc')
    .orderBy('i.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

/** Albums' cards by id (for a feed page), in no particular order. */
export function listAlbumCards(db: Db, albumIds: readonly string[]) {
  return listedAlbums(db).where('a.item_id', 'in', orNone(albumIds)).execute();
}
export type AlbumCardRow = Awaited<ReturnType<typeof listAlbumCards>>[number];

/** Clips by id with their album's title, in no particular order. */
export function listClips(db: Db, itemIds: readonly string[]) {
  return db
    .selectFrom('album_episodes as e')
    .innerJoin('items as i', 'i.id', 'e.item_id')
    .innerJoin('items as pi', 'pi.id', 'e.album_id')
    .select([
      'e.item_id',
      'e.album_id',
      'e.episode_type',
      'i.title',
      'i.cover_large_uri',
      'i.cover_middle_uri',
      'i.duration_ms',
      'pi.title as album_title',
    ])
    .where('e.item_id', 'in', orNone(itemIds))
    .execute();
}
export type ClipRow = Awaited<ReturnType<typeof listClips>>[number];
