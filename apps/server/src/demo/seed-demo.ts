import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType, Visibility } from '@melon/db/enums';
import type { JobQueue } from '../jobs/job-queue.ts';
import { DEFAULT_CHANNELS } from '../modules/channel/channel-catalogue.ts';
import { rebuildIndex } from '../modules/search-index/rebuild-index.ts';
import { DEFAULT_RETENTION } from '../settings.ts';
import { attachDemoVideo } from './attach-demo-video.ts';
import { seedDemoAudience } from './demo-audience.ts';
import { seedDemoCinema } from './demo-cinema.ts';
import { seedDemoSeries } from './demo-series.ts';
import { DEMO_AUTHORS, DEMO_ITEMS } from './demo-catalogue.ts';
import { renderAvatar, renderCover } from './demo-images.ts';
import { findCachedDemoVideo, prepareDemoVideo, type CachedDemoVideo } from './demo-media-cache.ts';
import { queueDemoVideos, type WaitingDemoVideo } from './demo-video-queue.ts';
import { AVATAR_DIR, DEMO_COVER_DIR } from '../storage/media-keys.ts';
import {
  DEMO_RECIPES_BY_KEY,
  EPISODE_RECIPE,
  HIGH_FRAME_RATE_RECIPE,
  LONG_RECIPE,
  SHORT_RECIPES,
  type DemoVideoKey,
  type DemoVideoRecipes,
} from './demo-videos.ts';

const DAY_MS = 24 * 3600 * 1000;

/** A small deterministic generator, so every demo site looks the same. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SeedContext {
  db: Kysely<Database>;
  mediaDir: string;
  newId: () => string;
  now: number;
  random: () => number;
  /** Which demo video each new item plays. */
  plays: Map<string, DemoVideoKey>;
  /** Each item's author, for their video counts. */
  authorOf: Map<string, string>;
}

/** Demo videos: made once into `cacheDir`, then linked into every demo item that plays them. */
export interface DemoVideoOptions {
  cacheDir: string;
  /** The recipes by key; the catalogue's by default (tests pass tiny ones). */
  recipes?: DemoVideoRecipes;
  /** Where the videos the cache lacks are made, in the background (decision 070). */
  jobs: JobQueue;
}

async function writeMedia(ctx: SeedContext, uri: string, data: Buffer): Promise<string> {
  const file = path.join(ctx.mediaDir, uri);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  return uri;
}

async function seedAuthors(ctx: SeedContext): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, author] of DEMO_AUTHORS.entries()) {
    const id = ctx.newId();
    const avatar = await writeMedia(
      ctx,
      `${AVATAR_DIR}/${id}.webp`,
      await renderAvatar(author.name, index),
    );
    await ctx.db
      .insertInto('users')
      .values({
        id,
        name: author.name,
        description: author.description,
        avatar_url: avatar,
        user_auth_info: null,
        followers_count: 0,
        following_count: 0,
        video_count: 0,
        created_at: ctx.now - 400 * DAY_MS,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

interface NewItem {
  itemType: ItemType;
  title: string;
  durationS: number;
  userId: string;
  channelId: number;
  channelName: string;
  coverIndex: number;
  /** When it came out; a random moment of the last 90 days when left out. */
  publishedAt?: number;
}

async function insertItem(ctx: SeedContext, item: NewItem): Promise<string> {
  const id = ctx.newId();
  const cover = await renderCover(item.title, item.channelName, item.coverIndex);
  const large = await writeMedia(ctx, `${DEMO_COVER_DIR}/${id}-large.webp`, cover.large);
  const middle = await writeMedia(ctx, `${DEMO_COVER_DIR}/${id}-middle.webp`, cover.middle);
  const published =
    item.publishedAt ?? ctx.now - Math.floor(ctx.random() ** 2 * 90 * DAY_MS) - 60_000;
  await ctx.db
    .insertInto('items')
    .values({
      id,
      item_type: item.itemType,
      visibility: Visibility.All,
      user_id: item.userId,
      channel_id: item.channelId,
      title: item.title,
      abstract: `${item.title}。欢迎点赞、收藏和关注！`,
      duration_ms: item.durationS * 1000,
      cover_large_uri: large,
      cover_middle_uri: middle,
      preview_uri: null,
      publish_time: published,
      behot_time: published,
      // The audience's rows move every counter from zero (demo-audience.ts).
      play_count: 0,
      comment_count: 0,
      digg_count: 0,
      favorite_count: 0,
      danmaku_count: 0,
      is_top: 0,
      hide_type: 0,
      is_vr: 0,
      created_at: published,
      updated_at: published,
    })
    .execute();
  ctx.authorOf.set(id, item.userId);
  return id;
}

/**
 * Each author's video count: their items, less the videos still being made, which their job
 * counts when it makes them ready (markMediaReady), as it counts an upload.
 */
async function countAuthorsItems(ctx: SeedContext, waiting: ReadonlySet<string>): Promise<void> {
  const counts = new Map<string, number>();
  for (const [itemId, userId] of ctx.authorOf) {
    if (!waiting.has(itemId)) counts.set(userId, (counts.get(userId) ?? 0) + 1);
  }
  for (const [userId, count] of counts) {
    await ctx.db
      .updateTable('users')
      .set({ video_count: count })
      .where('id', '=', userId)
      .execute();
  }
}

const channelByPinyin = (pinyin: string) => {
  const channel = DEFAULT_CHANNELS.find((c) => c.pinyin === pinyin);
  if (!channel) throw new Error(`demo catalogue names unknown channel ${pinyin}`);
  return channel;
};

/** The demo cinema's albums and episodes, written as every other demo item is. */
async function seedAlbums(ctx: SeedContext, authors: string[], coverIndex: number): Promise<void> {
  let cover = coverIndex;
  await seedDemoCinema(ctx, authors, (item) => {
    const channel = channelByPinyin(item.channelPinyin);
    // An album's episodes share its cover picture.
    if (item.itemType === ItemType.Album) cover += 1;
    return insertItem(ctx, {
      ...item,
      channelId: channel.id,
      channelName: channel.name,
      coverIndex: cover,
    });
  });
}

/** A channel's first short video is long (films) or runs at 120 fps (games); others vary. */
function shortVideoRecipe(pinyin: string, indexInChannel: number, overall: number): DemoVideoKey {
  if (indexInChannel === 0 && pinyin === 'yingshi') return LONG_RECIPE;
  if (indexInChannel === 0 && pinyin === 'youxi') return HIGH_FRAME_RATE_RECIPE;
  return SHORT_RECIPES[overall % SHORT_RECIPES.length] ?? EPISODE_RECIPE;
}

/**
 * Makes every recipe's cache entry that is missing, one line each in `onProgress`: what the
 * browser tests and the benchmarks run before a demo start, so it finds every video made.
 */
export async function prepareDemoVideos(options: {
  cacheDir: string;
  recipes?: DemoVideoRecipes;
  onProgress?: (line: string) => void;
}): Promise<void> {
  const recipes = options.recipes ?? DEMO_RECIPES_BY_KEY;
  let done = 0;
  for (const recipe of recipes.values()) {
    const started = performance.now();
    await prepareDemoVideo(options.cacheDir, recipe);
    done += 1;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    options.onProgress?.(`demo videos ${done}/${recipes.size}: ${recipe.caption} (${seconds} s)`);
  }
}

/** The videos the cache holds, by key. */
async function findCachedVideos(cacheDir: string, recipes: DemoVideoRecipes) {
  const cached = new Map<DemoVideoKey, CachedDemoVideo>();
  for (const [key, recipe] of recipes) {
    const video = await findCachedDemoVideo(cacheDir, recipe);
    if (video) cached.set(key, video);
  }
  return cached;
}

/**
 * Each new item plays its video from the cache when the cache holds it; answers the items whose
 * video it lacks, by recipe.
 */
async function attachCachedVideos(
  ctx: SeedContext,
  cached: ReadonlyMap<DemoVideoKey, CachedDemoVideo>,
  recipes: DemoVideoRecipes,
): Promise<WaitingDemoVideo[]> {
  const waiting = new Map<DemoVideoKey, WaitingDemoVideo>();
  for (const [itemId, key] of ctx.plays) {
    const video = cached.get(key);
    const recipe = recipes.get(key);
    if (video) await attachDemoVideo(ctx.db, ctx.mediaDir, itemId, video, ctx.now);
    else if (recipe) {
      const entry = waiting.get(key) ?? { key, seconds: recipe.seconds, itemIds: [] };
      entry.itemIds.push(itemId);
      waiting.set(key, entry);
    }
  }
  return [...waiting.values()];
}

/**
 * Fills an empty site with demo authors, videos in every channel and albums with episodes, with
 * generated covers and, given `videos`, playable ffmpeg-generated videos, and with an audience
 * whose follows, plays, likes, favourites, danmaku and comments are what the counters count. A
 * database that already has items is left alone. Everything is written in one transaction, in
 * seconds: a start stopped halfway leaves an empty site that the next start fills. An item whose
 * video the cache holds plays it at once; the others are `processing` until their `demo_video`
 * job has made the video (decision 070), dispatched once the transaction has committed. The
 * audience played everything within the last `retainPlaysDays` less a day, so the sweeps of
 * the site's first day keep every play (decision 039).
 */
export async function seedDemoContent(
  db: Kysely<Database>,
  options: {
    dataDir: string;
    newId: () => string;
    now?: number;
    videos?: DemoVideoOptions;
    /** MELON_RETAIN_PLAYS_DAYS; the default retention when left out. */
    retainPlaysDays?: number;
  },
): Promise<{ created: number; videosQueued: number }> {
  if (await hasItems(db)) return { created: 0, videosQueued: 0 };
  const { videos } = options;
  const recipes = videos?.recipes ?? DEMO_RECIPES_BY_KEY;
  const cached = videos
    ? await findCachedVideos(videos.cacheDir, recipes)
    : new Map<DemoVideoKey, CachedDemoVideo>();
  const mediaDir = path.join(options.dataDir, 'media');
  const now = options.now ?? Date.now();
  const retainPlaysDays = options.retainPlaysDays ?? DEFAULT_RETENTION.playsDays;
  const queued = await db.transaction().execute(async (trx) => {
    const ctx: SeedContext = {
      db: trx,
      mediaDir,
      newId: options.newId,
      now,
      random: mulberry32(1768),
      plays: new Map(),
      authorOf: new Map(),
    };
    const authors = await seedAuthors(ctx);
    let coverIndex = 0;
    for (const [pinyin, entries] of Object.entries(DEMO_ITEMS)) {
      const channel = channelByPinyin(pinyin);
      for (const [index, entry] of entries.entries()) {
        const id = await insertItem(ctx, {
          itemType: ItemType.ShortVideo,
          title: entry.title,
          durationS: entry.duration,
          userId: authors[entry.author] ?? authors[0] ?? '',
          channelId: channel.id,
          channelName: channel.name,
          coverIndex,
        });
        ctx.plays.set(id, shortVideoRecipe(pinyin, index, coverIndex));
        coverIndex += 1;
      }
    }
    await seedAlbums(ctx, authors, coverIndex);
    const waiting = videos ? await attachCachedVideos(ctx, cached, recipes) : [];
    const jobs = videos ? await queueDemoVideos(trx, videos.jobs, waiting, now) : [];
    await countAuthorsItems(ctx, new Set(waiting.flatMap((entry) => entry.itemIds)));
    await seedDemoAudience(
      { ...ctx, playsFrom: now - Math.max(0, retainPlaysDays - 1) * DAY_MS },
      authors,
    );
    await seedDemoSeries(ctx, authors);
    await rebuildIndex(trx);
    return jobs;
  });
  for (const job of queued) await videos?.jobs.dispatch(job);
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { created: Number(row.n), videosQueued: queued.length };
}

async function hasItems(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('items').select('id').limit(1).executeTakeFirst()) !== undefined;
}
