import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType, SeriesKind, Visibility } from '@melon/db/enums';

/** The demo's series, pseries and playlist (decision 044): a few real rows over its videos. */
const DEMO_SERIES = [
  { author: 0, kind: SeriesKind.Series, title: '入门合集', size: 3 },
  { author: 1, kind: SeriesKind.Series, title: '一周精选', size: 3 },
  { author: 2, kind: SeriesKind.PSeries, title: '连载选集', size: 2 },
] as const;
const DEMO_PLAYLIST = { owner: 0, title: '周末放松', size: 4 };

interface SeriesSeedContext {
  db: Kysely<Database>;
  newId: () => string;
  now: number;
}

/**
 * The author's short videos that play a demo video, ready or still being made (decision 070),
 * oldest first (a series plays in publishing order).
 */
function authorVideos(db: Kysely<Database>, authorId: string) {
  return db
    .selectFrom('items as i')
    .innerJoin('item_media as m', 'm.item_id', 'i.id')
    .select(['i.id', 'i.channel_id', 'i.cover_large_uri', 'i.cover_middle_uri', 'i.publish_time'])
    .where('i.user_id', '=', authorId)
    .where('i.item_type', '=', ItemType.ShortVideo)
    .orderBy('i.publish_time')
    .orderBy('i.id')
    .execute();
}

/** Seeds the series and the playlist; a demo without videos gets none. */
export async function seedDemoSeries(ctx: SeriesSeedContext, authors: readonly string[]) {
  for (const spec of DEMO_SERIES) {
    const authorId = authors[spec.author];
    if (authorId === undefined) continue;
    const entries = (await authorVideos(ctx.db, authorId)).slice(0, spec.size);
    const first = entries[0];
    if (first === undefined) continue;
    const seriesId = ctx.newId();
    // Published with its newest entry, so it takes that place in the feeds, not the top.
    const published = Math.max(...entries.map((entry) => entry.publish_time));
    await ctx.db
      .insertInto('items')
      .values({
        id: seriesId,
        item_type: spec.kind === SeriesKind.Series ? ItemType.Series : ItemType.PSeries,
        visibility: Visibility.All,
        user_id: authorId,
        channel_id: first.channel_id,
        title: spec.title,
        abstract: `${spec.title}：按顺序看完这 ${entries.length} 个视频`,
        cover_large_uri: first.cover_large_uri,
        cover_middle_uri: first.cover_middle_uri,
        preview_uri: null,
        publish_time: published,
        behot_time: published,
        created_at: published,
        updated_at: published,
      })
      .execute();
    await ctx.db
      .insertInto('series')
      .values({ item_id: seriesId, kind: spec.kind, user_id: authorId })
      .execute();
    await ctx.db
      .insertInto('series_items')
      .values(
        entries.map((entry, index) => ({
          series_id: seriesId,
          item_id: entry.id,
          position: index + 1,
        })),
      )
      .execute();
  }
  await seedDemoPlaylist(ctx, authors);
}

/** One public playlist of the first author, of other authors' videos. */
async function seedDemoPlaylist(ctx: SeriesSeedContext, authors: readonly string[]) {
  const owner = authors[DEMO_PLAYLIST.owner];
  if (owner === undefined) return;
  const picks = [];
  for (const author of authors.slice(1)) {
    const [video] = await authorVideos(ctx.db, author);
    if (video) picks.push(video.id);
    if (picks.length === DEMO_PLAYLIST.size) break;
  }
  if (picks.length === 0) return;
  const playlistId = ctx.newId();
  await ctx.db
    .insertInto('playlists')
    .values({
      id: playlistId,
      user_id: owner,
      title: DEMO_PLAYLIST.title,
      description: '几个轻松的小视频',
      item_count: picks.length,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .execute();
  await ctx.db
    .insertInto('playlist_items')
    .values(
      picks.map((itemId, index) => ({
        playlist_id: playlistId,
        item_id: itemId,
        position: index + 1,
        added_at: ctx.now,
      })),
    )
    .execute();
}
