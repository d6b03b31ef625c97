import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ItemType } from '@melon/db/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { getStudioVideos } from '@melon/shared/calls/studio.calls';
import { getUploadProgress } from '@melon/shared/calls/upload.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { DatabaseJobQueue } from '../jobs/database-job-queue.ts';
import { DEFAULT_CHANNELS } from '../modules/channel/channel-catalogue.ts';
import { previewClipSeconds } from '../modules/membership/membership.policy.ts';
import { runSweeps } from '../modules/sweeps/run-sweeps.ts';
import { DEFAULT_RETENTION } from '../settings.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { injectCall } from '../testing/inject-call.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { hotKey } from '../modules/comment/hot-score.ts';
import { DEMO_DANMAKU_PER_VIDEO, DEMO_VIEWER_COUNT } from './demo-audience.ts';
import { DEMO_AUTHORS } from './demo-catalogue.ts';
import { DEMO_VIDEO_JOB, demoVideoJob } from './demo-video-job.ts';
import { DEMO_VIDEO_RECIPES, VIP_EPISODE_RECIPE, type DemoVideoRecipes } from './demo-videos.ts';
import { seedDemoContent } from './seed-demo.ts';

let t: TestApp;
let created = 0;
let seededAt = 0;
beforeAll(async () => {
  t = await createTestApp();
  seededAt = Date.now();
  ({ created } = await seedDemoContent(t.db, { dataDir: t.dataDir, newId: t.newId }));
}, 120_000);
afterAll(() => t.close());

describe('demo content', () => {
  it('creates at least 60 items by several authors, with Chinese titles', async () => {
    expect(created).toBeGreaterThanOrEqual(60);
    const authors = await t.db.selectFrom('users').select('id').execute();
    expect(authors.length).toBeGreaterThanOrEqual(5);
    const titles = await t.db.selectFrom('items').select('title').execute();
    expect(titles.every((row) => /[\u4e00-\u9fff]/.test(row.title))).toBe(true);
  });

  it('leaves no channel of the side menu empty', async () => {
    for (const channel of DEFAULT_CHANNELS) {
      const response = await t.app.inject({
        url: `${getFeedById.path}?channelId=${channel.id}&count=1`,
      });
      expect(response.json<{ data: { list: unknown[] } }>().data.list, channel.name).toHaveLength(
        1,
      );
    }
  });

  it('writes a cover in two sizes for every item, served from /media/', async () => {
    const items = await t.db
      .selectFrom('items')
      .select(['cover_large_uri', 'cover_middle_uri'])
      .execute();
    for (const item of items) {
      expect(existsSync(path.join(t.dataDir, 'media', item.cover_large_uri))).toBe(true);
      expect(existsSync(path.join(t.dataDir, 'media', item.cover_middle_uri))).toBe(true);
    }
    const first = items[0]?.cover_large_uri ?? '';
    const response = await t.app.inject({ url: `/media/${first}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('builds albums with numbered episodes, the official ones with opening and ending marks', async () => {
    const episodes = await t.db.selectFrom('album_episodes').selectAll().execute();
    const official = episodes.filter((e) => e.episode_type === 'official');
    expect(official.length).toBeGreaterThan(0);
    expect(official.every((e) => e.opening_ms !== null && e.ending_ms !== null)).toBe(true);
    expect(episodes.some((e) => e.episode_type === 'trailer')).toBe(true);
  });

  it('has a cinema: every category of the home, a VIP series from its third episode, a paid period', async () => {
    const albums = await t.db
      .selectFrom('albums as a')
      .innerJoin('items as i', 'i.id', 'a.item_id')
      .select(['a.item_id', 'a.album_type', 'a.vip', 'a.sequence_type', 'i.title'])
      .execute();
    expect(new Set(albums.map((a) => a.album_type))).toEqual(new Set([1, 2, 3, 4, 5, 13]));
    const episodes = await t.db
      .selectFrom('album_episodes')
      .select(['album_id', 'seq', 'access', 'price_fen', 'episode_type'])
      .orderBy('album_id')
      .orderBy('seq')
      .execute();
    const withEpisodes = new Set(episodes.map((e) => e.album_id));
    expect(withEpisodes.size).toBeGreaterThanOrEqual(6);
    for (const album of albums) {
      const own = episodes.filter((e) => e.album_id === album.item_id);
      // The 会员 / 免费 filter reads albums.vip: one when any episode is for members only.
      expect(album.vip, album.title).toBe(own.some((e) => e.access === 'vip') ? 1 : 0);
    }
    const series = albums.find((a) => a.title === '锦绣长歌');
    const access = episodes
      .filter((e) => e.album_id === series?.item_id && e.episode_type === 'official')
      .map((e) => e.access);
    expect(access).toEqual(['free', 'free', 'vip', 'vip', 'vip']);
    const paid = episodes.filter((e) => e.access === 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]?.price_fen).toBeGreaterThan(0);
    expect(albums.some((a) => a.sequence_type === 'period')).toBe(true);
  });

  it('keeps every counted play through a sweep run right after seeding', async () => {
    const plays = await t.db.selectFrom('item_plays').select('played_at').execute();
    expect(plays.length).toBeGreaterThan(1000);
    // Played within the retention window less a day, however long ago the video came out.
    const windowStart = seededAt - (DEFAULT_RETENTION.playsDays - 1) * 24 * 3600_000;
    expect(Math.min(...plays.map((play) => play.played_at))).toBeGreaterThanOrEqual(windowStart);
    const storage = createLocalStorage(path.join(t.dataDir, 'media'));
    const swept = await runSweeps(t.db, storage, DEFAULT_RETENTION, Date.now());
    expect(swept.item_plays).toBe(0);
  });

  it('counts on every item exactly the rows behind it, none made up', async () => {
    const tally = async (
      table: 'item_diggs' | 'favorites' | 'item_plays' | 'danmaku' | 'comments',
    ) => {
      const rows = await t.db
        .selectFrom(table)
        .select(['item_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('item_id')
        .execute();
      return new Map(rows.map((row) => [row.item_id, Number(row.n)]));
    };
    const [diggs, favorites, plays, danmaku, comments] = await Promise.all([
      tally('item_diggs'),
      tally('favorites'),
      tally('item_plays'),
      tally('danmaku'),
      tally('comments'),
    ]);
    const items = await t.db.selectFrom('items').selectAll().execute();
    for (const item of items) {
      expect(item.digg_count, item.title).toBe(diggs.get(item.id) ?? 0);
      expect(item.favorite_count, item.title).toBe(favorites.get(item.id) ?? 0);
      expect(item.play_count, item.title).toBe(plays.get(item.id) ?? 0);
      expect(item.danmaku_count, item.title).toBe(danmaku.get(item.id) ?? 0);
      expect(item.comment_count, item.title).toBe(comments.get(item.id) ?? 0);
      expect(danmaku.get(item.id) ?? 0).toBeLessThanOrEqual(DEMO_DANMAKU_PER_VIDEO);
    }
    // An audience, not a handful: most videos were played, liked, commented on.
    const played = items.filter((item) => item.play_count > 0);
    expect(played.length).toBeGreaterThan(items.length / 2);
    for (const counts of [diggs, favorites, danmaku, comments]) {
      expect(counts.size).toBeGreaterThan(items.length / 3);
    }
    // Some videos have no danmaku yet: the danmaku browser tests import pools into them.
    const quiet = items.filter(
      (item) => item.item_type === ItemType.ShortVideo && item.danmaku_count === 0,
    );
    expect(quiet.length).toBeGreaterThan(5);
  });

  it('counts on every user the follows, and on every comment its likes and replies', async () => {
    const users = await t.db.selectFrom('users').selectAll().execute();
    expect(users.length).toBe(DEMO_AUTHORS.length + DEMO_VIEWER_COUNT);
    expect(users.every((user) => /[\u4e00-\u9fff]/.test(user.name))).toBe(true);
    const follows = await t.db.selectFrom('follows').selectAll().execute();
    for (const user of users) {
      const fans = follows.filter((f) => f.followee_id === user.id).length;
      const following = follows.filter((f) => f.follower_id === user.id).length;
      expect([user.followers_count, user.following_count], user.name).toEqual([fans, following]);
    }
    const authors = users.filter((user) => user.video_count > 0);
    expect(authors.every((author) => author.followers_count > 0)).toBe(true);

    const comments = await t.db
      .selectFrom('comments as c')
      .innerJoin('items as i', 'i.id', 'c.item_id')
      .select([
        'c.id',
        'c.root_id',
        'c.user_id',
        'c.state',
        'c.digg_count',
        'i.user_id as author_id',
      ])
      .select(['c.reply_count', 'c.author_reply_count', 'c.hot_key', 'c.created_at'])
      .execute();
    const likes = await t.db.selectFrom('comment_diggs').select('comment_id').execute();
    expect(comments.every((c) => c.state === 'visible')).toBe(true);
    for (const comment of comments) {
      const replies = comments.filter((c) => c.root_id === comment.id);
      expect(comment.digg_count).toBe(likes.filter((l) => l.comment_id === comment.id).length);
      expect(comment.reply_count).toBe(replies.length);
      expect(comment.author_reply_count).toBe(
        replies.filter((reply) => reply.user_id === comment.author_id).length,
      );
      expect(comment.hot_key).toBeCloseTo(
        hotKey({
          diggs: comment.digg_count,
          replies: comment.reply_count,
          authorReplies: comment.author_reply_count,
          createdAt: comment.created_at,
        }),
      );
    }
    expect(comments.some((c) => c.root_id !== null && c.user_id === c.author_id)).toBe(true);
    expect(likes.length).toBeGreaterThan(0);
  });

  it('does nothing on a site that already has items', async () => {
    expect((await seedDemoContent(t.db, { dataDir: t.dataDir, newId: t.newId })).created).toBe(0);
  });
});

describe('demo videos', () => {
  let site: TestApp;
  let queue: DatabaseJobQueue;
  let cacheDir: string;
  /**
   * The catalogue's recipes, shrunk: the same sources, rates and audio, two seconds small; the
   * members-only episode's six, so its job cuts a two-second preview (a third of it).
   */
  const tinyRecipes: DemoVideoRecipes = new Map(
    DEMO_VIDEO_RECIPES.map((recipe) => [
      recipe.key,
      {
        ...recipe,
        key: `${recipe.key}-tiny`,
        width: 320,
        height: 180,
        seconds: recipe.key === VIP_EPISODE_RECIPE ? 6 : 2,
      },
    ]),
  );
  let queued = 0;

  beforeAll(async () => {
    site = await createTestApp();
    queue = new DatabaseJobQueue({ db: site.db, newId: site.newId, leaseMs: 60_000 });
    cacheDir = path.join(site.dataDir, 'demo-cache');
    ({ videosQueued: queued } = await seedDemoContent(site.db, {
      dataDir: site.dataDir,
      newId: site.newId,
      videos: { cacheDir, recipes: tinyRecipes, jobs: queue },
    }));
  }, 60_000);
  afterAll(async () => {
    await queue.close();
    await site.close();
  });

  const videoItems = () =>
    site.db
      .selectFrom('items')
      .leftJoin('item_media', 'item_media.item_id', 'items.id')
      .select([
        'items.id',
        'items.user_id',
        'items.cover_large_uri',
        'item_media.state',
        'item_media.package_dir',
        'item_media.job_id',
      ])
      .where('items.item_type', 'in', [ItemType.ShortVideo, ItemType.Episode])
      .execute();

  const feedIds = async (channelId: number) => {
    const response = await injectCall(site.app, getFeedById, {
      query: { channelId, count: 50 },
    });
    return response
      .json<{ data: { list: { groupId: string }[] } }>()
      .data.list.map((c) => c.groupId);
  };

  it('is seeded and served before any video is made: every video item is 转码中 under a job', async () => {
    expect(queued).toBe(tinyRecipes.size);
    expect(existsSync(cacheDir)).toBe(false);
    expect((await site.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const items = await videoItems();
    expect(items.length).toBeGreaterThan(60);
    expect(new Set(items.map((item) => item.state))).toEqual(new Set(['processing']));
    const jobs = await site.db.selectFrom('jobs').select(['id', 'name', 'state']).execute();
    expect(jobs).toHaveLength(tinyRecipes.size);
    expect(jobs.every((job) => job.name === DEMO_VIDEO_JOB && job.state === 'queued')).toBe(true);
    expect(items.every((item) => jobs.some((job) => job.id === item.job_id))).toBe(true);
  });

  it('shows a waiting item as a creator’s upload: 转码中 with progress to its author, to nobody else', async () => {
    const [item] = await videoItems();
    if (!item) throw new Error('no demo video item');
    const author = await site.signedIn(item.user_id);
    const progress = await injectCall(site.app, getUploadProgress, {
      query: { item_id: item.id },
      headers: author.headers,
    });
    expect(progress.json<{ data: unknown }>().data).toMatchObject({
      state: 'processing',
      progress: 0,
    });
    const studio = await injectCall(site.app, getStudioVideos, {
      query: { count: 50 },
      headers: author.headers,
    });
    const own = studio.json<{ data: { list: { item_id: string; state: string }[] } }>().data.list;
    expect(own.find((video) => video.item_id === item.id)?.state).toBe('processing');
    const details = (headers: Record<string, string> = {}) =>
      injectCall(site.app, getVideoDetails, { query: { item_id: item.id }, headers });
    expect((await details(author.headers)).json<{ data: unknown }>().data).toMatchObject({
      status: 'processing',
    });
    expect((await details()).json<{ data: unknown }>().data).toBeNull();
    expect(await feedIds(2)).not.toContain(item.id);
  });

  it('makes every video in its job, without a restart: ready, playable, listed and cached', async () => {
    const worker = queue.createWorker(
      [demoVideoJob({ db: site.db, dataDir: site.dataDir, cacheDir, recipes: tinyRecipes })],
      { required: [DEMO_VIDEO_JOB], log: () => undefined },
    );
    while (await worker.runOnce()) {
      // One recipe per run, until none is queued.
    }
    const jobs = await site.db.selectFrom('jobs').select(['state', 'progress']).execute();
    expect(jobs.every((job) => job.state === 'succeeded' && job.progress === 100)).toBe(true);
    expect((await readdir(cacheDir)).filter((name) => !name.startsWith('.'))).toHaveLength(
      tinyRecipes.size,
    );
    for (const item of await videoItems()) {
      expect(item.state, item.id).toBe('ready');
      const manifest = path.join(site.dataDir, 'media', item.package_dir ?? '', 'manifest.mpd');
      expect(existsSync(manifest), manifest).toBe(true);
      // The demo's drawn cover stays.
      expect(item.cover_large_uri).toMatch(/^covers\//);
    }
    const [first] = await videoItems();
    if (!first) throw new Error('no demo video item');
    const details = await injectCall(site.app, getVideoDetails, { query: { item_id: first.id } });
    expect(details.json<{ data: unknown }>().data).toMatchObject({ status: 'ready' });
    // Each author's count took their videos as their jobs made them ready, as an upload's.
    const counted = await site.db.selectFrom('users').select('video_count').execute();
    const authored = await site.db
      .selectFrom('items')
      .select('id')
      .where('item_type', 'in', [ItemType.ShortVideo, ItemType.Album, ItemType.Episode])
      .execute();
    expect(counted.reduce((sum, user) => sum + user.video_count, 0)).toBe(authored.length);
  }, 180_000);

  it('has a silent video, a 120 fps variant, a members-only preview and renditions with their own file ids', async () => {
    const renditions = await site.db.selectFrom('item_renditions').selectAll().execute();
    expect(renditions.some((r) => r.hfr_variant === 1 && r.fps === 120)).toBe(true);
    const withAudio = new Set(renditions.filter((r) => r.kind === 'audio').map((r) => r.item_id));
    const items = new Set(renditions.map((r) => r.item_id));
    expect(withAudio.size).toBeLessThan(items.size);
    expect(new Set(renditions.map((r) => r.file_id)).size).toBe(renditions.length);
    // Members-only episodes of the 6-second recipe get a preview; 2 seconds are too short for one.
    const vip = await site.db
      .selectFrom('album_episodes as e')
      .innerJoin('item_media as m', 'm.item_id', 'e.item_id')
      .innerJoin('items as i', 'i.id', 'e.item_id')
      .select(['m.trial_package_dir', 'i.duration_ms'])
      .where('e.access', '=', 'vip')
      .execute();
    const long = vip.filter((episode) => previewClipSeconds(episode.duration_ms / 1000) > 0);
    expect(long.length).toBeGreaterThan(0);
    expect(long.every((episode) => episode.trial_package_dir !== null)).toBe(true);
  });

  it('reuses the cache: a second demo site plays every video at once and queues none', async () => {
    const again = await createTestApp();
    const jobs = new DatabaseJobQueue({ db: again.db, newId: again.newId, leaseMs: 60_000 });
    try {
      const before = await readdir(cacheDir);
      const { videosQueued } = await seedDemoContent(again.db, {
        dataDir: again.dataDir,
        newId: again.newId,
        videos: { cacheDir, recipes: tinyRecipes, jobs },
      });
      expect(videosQueued).toBe(0);
      expect(await readdir(cacheDir)).toEqual(before);
      const media = await again.db.selectFrom('item_media').select('state').execute();
      expect(media.length).toBeGreaterThan(60);
      expect(media.every((row) => row.state === 'ready')).toBe(true);
      expect(await again.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
