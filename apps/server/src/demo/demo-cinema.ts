import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { EpisodeType, ItemType, SequenceType } from '@melon/db/enums';
import { cinemaMessages as t } from '../modules/cinema/cinema.messages.ts';
import { DEMO_CINEMA_ALBUMS, type DemoCinemaAlbum } from './demo-cinema-catalogue.ts';
import {
  EPISODE_ENDING_MS,
  EPISODE_OPENING_MS,
  EPISODE_RECIPE,
  VIP_EPISODE_RECIPE,
  type DemoVideoKey,
} from './demo-videos.ts';

const DAY_MS = 24 * 3600 * 1000;

/** The opening and ending marks of the recipes official episodes play. */
const MARKS: Partial<Record<DemoVideoKey, { opening: number; ending: number }>> = {
  [EPISODE_RECIPE]: { opening: EPISODE_OPENING_MS, ending: EPISODE_ENDING_MS },
  [VIP_EPISODE_RECIPE]: { opening: 10_000, ending: 380_000 },
};

/** How the seed writes an item (cover, counters) for the cinema. */
export type InsertDemoItem = (item: {
  itemType: ItemType;
  title: string;
  durationS: number;
  userId: string;
  channelPinyin: string;
  publishedAt: number;
}) => Promise<string>;

interface CinemaSeedContext {
  db: Kysely<Database>;
  now: number;
  /** Which cached video each new episode plays. */
  plays: Map<string, DemoVideoKey>;
}

const episodeTitle = (album: DemoCinemaAlbum, label: string) =>
  `${album.title.replace(/（.*）|第.季/g, '').trim()} ${label}`;

/**
 * Seeds the demo cinema: each album's item and row (genres, score, cast, `vip` set when an
 * episode is for members only), and its episodes in order, each set to play its recipe.
 */
export async function seedDemoCinema(
  ctx: CinemaSeedContext,
  authors: readonly string[],
  insertItem: InsertDemoItem,
): Promise<void> {
  for (const album of DEMO_CINEMA_ALBUMS) {
    const userId = authors[album.author] ?? authors[0] ?? '';
    const publishedAt = ctx.now - album.daysAgo * DAY_MS;
    const common = { userId, channelPinyin: album.channel };
    const albumId = await insertItem({
      ...common,
      itemType: ItemType.Album,
      title: album.title,
      durationS: album.episodes.reduce((sum, episode) => sum + episode.seconds, 0),
      publishedAt,
    });
    await ctx.db
      .insertInto('albums')
      .values({
        item_id: albumId,
        album_type: album.albumType,
        sequence_type: album.sequenceType,
        year: album.year,
        area: album.area,
        total_episodes: album.totalEpisodes,
        genres: album.genres,
        score: album.score,
        cast_names: album.cast,
        vip: album.episodes.some((episode) => episode.access === 'vip') ? 1 : 0,
      })
      .execute();
    let officialCount = 0;
    for (const [index, episode] of album.episodes.entries()) {
      const isOfficial = episode.type === EpisodeType.Official;
      if (isOfficial) officialCount += 1;
      const period = album.sequenceType === SequenceType.Period;
      const label =
        episode.type === EpisodeType.Official
          ? album.totalEpisodes === 1
            ? t.film
            : t.episodeLabel(officialCount, period)
          : t.clipLabels[episode.type];
      const episodeId = await insertItem({
        ...common,
        itemType: ItemType.Episode,
        title: episodeTitle(album, label),
        durationS: episode.seconds,
        // Episodes come out one after another, a day apart, after the album's announcement.
        publishedAt: Math.min(publishedAt + (index + 1) * DAY_MS, ctx.now - 60_000),
      });
      const marks = isOfficial ? MARKS[episode.recipe] : undefined;
      await ctx.db
        .insertInto('album_episodes')
        .values({
          album_id: albumId,
          item_id: episodeId,
          seq: index + 1,
          episode_type: episode.type,
          opening_ms: marks?.opening ?? null,
          ending_ms: marks?.ending ?? null,
          access: episode.access,
          price_fen: episode.priceFen ?? null,
        })
        .execute();
      ctx.plays.set(episodeId, episode.recipe);
    }
  }
}
