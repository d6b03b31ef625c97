import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType, Visibility } from '@melon/db/enums';

/*
 * A generated site with planted structure, for the recommend benchmark and the offline
 * evaluation (decision 037). Deterministic for a seed.
 *
 * - Users fall into taste clusters. Each cluster has a tag group (its items carry one of those
 *   tags first) and a set of favourite authors (who publish mostly in the cluster's tags).
 * - A user watches in sessions of a few videos minutes apart; a session follows one "story" of
 *   the cluster (a small group of items watched together: the co-watching structure), or picks
 *   from the cluster's items, or, now and then, from the whole site's most played.
 * - Each user follows a few of the cluster's authors.
 * - `play_count` is the number of views generated, so "most viewed" is the real one.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TAGS_PER_CLUSTER = 4;
const STORY_SIZE = 6;
const TITLE_WORDS = [
  '红烧肉',
  '旅行',
  '攻略',
  '猫咪',
  '篮球',
  '钢琴',
  '编程',
  '摄影',
  '露营',
  '手工',
];

export interface WorldSize {
  users: number;
  items: number;
  authors: number;
  clusters: number;
  viewsPerUser: number;
  follows: number;
}

export interface World {
  userIds: string[];
  itemIds: string[];
  /** Each user's views written to the history, oldest first. */
  views: Map<string, { itemId: string; at: number }[]>;
  /** The held-out users' last views, never written: what the evaluation asks to predict. */
  heldOut: Map<string, string[]>;
}

/** The first `users` users' last `views` views are held out of the database. */
export interface HoldOut {
  users: number;
  views: number;
}

/** A small fast PRNG (mulberry32): the same world for the same seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 19-digit ids in time order, like the site's. */
function idMaker(start: bigint) {
  let next = start;
  return () => {
    next += 1n;
    return next.toString();
  };
}

export async function generateWorld(
  db: Kysely<Database>,
  size: WorldSize,
  options: {
    seed: number;
    nowMs: number;
    holdOut?: HoldOut;
    progress?: (what: string) => void;
  },
): Promise<World> {
  const rand = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const newId = idMaker(7_100_000_000_000_000_000n);
  const now = options.nowMs;
  const say = options.progress ?? (() => undefined);

  const userIds = Array.from({ length: size.users }, newId);
  const clusterOf = userIds.map((_, i) => i % size.clusters);
  const authorIds = userIds.slice(0, size.authors);
  const authorCluster = authorIds.map((_, i) => i % size.clusters);
  const tagIds = Array.from({ length: size.clusters * TAGS_PER_CLUSTER }, newId);

  say('users');
  await insertChunks(
    db,
    'users',
    userIds.map((id, i) => ({
      id,
      name: `用户${i}`,
      description: '',
      avatar_url: '',
      user_auth_info: null,
      followers_count: 0,
      following_count: 0,
      video_count: 0,
      created_at: now - 90 * DAY,
    })),
  );
  await insertChunks(
    db,
    'tags',
    tagIds.map((id, i) => ({ id, name: `标签${i}` })),
  );

  say('items');
  const items: { id: string; cluster: number; author: string; publish: number }[] = [];
  const clusterItems: string[][] = Array.from({ length: size.clusters }, () => []);
  for (let i = 0; i < size.items; i += 1) {
    const authorIndex = Math.floor(rand() * size.authors);
    const cluster = authorCluster[authorIndex] ?? 0;
    const publish = now - Math.floor(rand() * 60 * DAY);
    const item = { id: newId(), cluster, author: authorIds[authorIndex] ?? '', publish };
    items.push(item);
    clusterItems[cluster]?.push(item.id);
  }
  const itemTags = items.flatMap((item) => {
    const own = tagIds[item.cluster * TAGS_PER_CLUSTER + Math.floor(rand() * TAGS_PER_CLUSTER)];
    const other = pick(tagIds);
    return own === other
      ? [{ item_id: item.id, tag_id: other }]
      : [
          { item_id: item.id, tag_id: own ?? '' },
          { item_id: item.id, tag_id: other },
        ];
  });

  say('views');
  // The site's most played: a few items every cluster watches now and then.
  const hits = items.slice(0, Math.max(10, Math.floor(size.items / 200))).map((item) => item.id);
  const stories = clusterItems.map((ids) =>
    Array.from({ length: Math.max(1, Math.floor(ids.length / STORY_SIZE)) }, (_, s) =>
      ids.slice(s * STORY_SIZE, s * STORY_SIZE + STORY_SIZE),
    ),
  );
  const views = new Map<string, { itemId: string; at: number }[]>();
  const heldOut = new Map<string, string[]>();
  const holdOut = options.holdOut ?? { users: 0, views: 0 };
  const plays = new Map<string, number>();
  userIds.forEach((userId, u) => {
    const cluster = clusterOf[u] ?? 0;
    const own = clusterItems[cluster] ?? [];
    const list: { itemId: string; at: number }[] = [];
    const seen = new Set<string>();
    let at = now - 30 * DAY + Math.floor(rand() * DAY);
    while (list.length < size.viewsPerUser) {
      const kind = rand();
      const session =
        kind < 0.5
          ? pick(stories[cluster] ?? [[]])
          : kind < 0.85
            ? Array.from({ length: 4 }, () => pick(own))
            : Array.from({ length: 3 }, () => pick(hits));
      for (const itemId of session) {
        if (seen.has(itemId) || list.length >= size.viewsPerUser) continue;
        seen.add(itemId);
        at += 2 * 60_000 + Math.floor(rand() * 3 * 60_000);
        list.push({ itemId, at });
      }
      at += 6 * HOUR + Math.floor(rand() * 12 * HOUR);
    }
    const kept = u < holdOut.users ? list.slice(0, -holdOut.views) : list;
    if (u < holdOut.users)
      heldOut.set(
        userId,
        list.slice(-holdOut.views).map((v) => v.itemId),
      );
    for (const view of kept) plays.set(view.itemId, (plays.get(view.itemId) ?? 0) + 1);
    views.set(userId, kept);
  });

  await insertChunks(
    db,
    'items',
    items.map((item, i) => ({
      id: item.id,
      item_type: ItemType.ShortVideo,
      visibility: Visibility.All,
      user_id: item.author,
      channel_id: 2 + (item.cluster % 9),
      title: `${TITLE_WORDS[item.cluster % TITLE_WORDS.length] ?? ''}的第${i}个视频`,
      abstract: '',
      duration_ms: 60_000,
      cover_large_uri: '',
      cover_middle_uri: '',
      preview_uri: null,
      publish_time: item.publish,
      behot_time: item.publish,
      play_count: plays.get(item.id) ?? 0,
      comment_count: 0,
      digg_count: 0,
      favorite_count: 0,
      danmaku_count: 0,
      is_top: 0,
      hide_type: 0,
      is_vr: 0,
      created_at: item.publish,
      updated_at: item.publish,
    })),
  );
  await insertChunks(db, 'item_tags', itemTags);

  say('history');
  await insertChunks(
    db,
    'watch_history',
    [...views].flatMap(([userId, list]) =>
      list.map((view) => ({
        user_id: userId,
        item_id: view.itemId,
        watched_at: view.at,
        progress_ms: 60_000,
      })),
    ),
  );

  say('follows');
  await insertChunks(
    db,
    'follows',
    userIds.flatMap((userId, u) => {
      const cluster = clusterOf[u] ?? 0;
      const theirs = authorIds.filter((a, i) => authorCluster[i] === cluster && a !== userId);
      const chosen = new Set(Array.from({ length: size.follows }, () => pick(theirs)));
      return [...chosen].map((followee) => ({
        follower_id: userId,
        followee_id: followee,
        created_at: now - DAY,
      }));
    }),
  );
  return { userIds, itemIds: items.map((item) => item.id), views, heldOut };
}

type Table = 'users' | 'tags' | 'items' | 'item_tags' | 'watch_history' | 'follows';

/** Inserts rows about 30 000 parameters at a time (under both engines' limits), in one transaction. */
async function insertChunks(
  db: Kysely<Database>,
  table: Table,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const chunk = Math.max(1, Math.floor(30_000 / columns));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += chunk) {
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + chunk))
        .execute();
    }
  });
}
