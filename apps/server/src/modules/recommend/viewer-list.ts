import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import type { Pools } from './pools.ts';
import {
  affinityOf,
  bestFirst,
  decayedPopularity,
  isFinished,
  mixList,
  seededHash,
} from './ranking.ts';
import {
  countTagsOf,
  listCoWatchedInHistory,
  listCoWatchedInPlays,
  listFollowedAuthorsItems,
  listItemsTagged,
  listRankingRows,
  listViewerHistory,
  type RankingRow,
} from './recommend.repository.ts';

/** The newest history entries read: the finished items among them never come back. */
const HISTORY_READ = 1000;
/** The newest entries whose sessions, tags and neighbours make the candidates. */
const SEEDS = 20;
/** Two views within half an hour of each other belong to one session. */
export const SESSION_WINDOW_MS = 30 * 60_000;
const VIEWERS_PER_SEED = 30;
const CO_WATCHED = 300;
const FOLLOWED = 100;
/** The seeds' most used tags, and how many tagged items are read. */
const TAGS = 8;
const TAGGED = 600;

/** How much each source counts (decision 037): co-watching, then follows, then tags. */
const FACTORS = { coWatched: 4, followed: 3, tagged: 2 } as const;

export interface ViewerListQuery {
  viewerId: string;
  itemTypes: readonly ItemType[];
  pools: Pools;
  nowMs: number;
  length: number;
}

/**
 * A signed-in viewer's recommend list: candidates from co-watching (history and plays),
 * followed authors and the tags of what they watched, with the popular pool behind them; each
 * scored by time-decayed popularity times (1 + affinity); never an item they finished or their
 * own; mixed with the new items' exploration slots and the author cap (`mixList`).
 */
export async function buildViewerList(
  db: Kysely<Database>,
  query: ViewerListQuery,
): Promise<string[]> {
  const { viewerId, itemTypes, pools, nowMs } = query;
  const history = await listViewerHistory(db, viewerId, HISTORY_READ);
  const finished = new Set(
    history.filter((h) => isFinished(h.progress_ms, h.duration_ms)).map((h) => h.item_id),
  );
  const seedIds = history.slice(0, SEEDS).map((h) => h.item_id);
  const coWatch = {
    seedIds,
    viewerId,
    sessionWindowMs: SESSION_WINDOW_MS,
    viewersPerSeed: VIEWERS_PER_SEED,
    limit: CO_WATCHED,
  };
  const [inHistory, inPlays, followed, tags] = await Promise.all([
    listCoWatchedInHistory(db, coWatch),
    listCoWatchedInPlays(db, coWatch),
    listFollowedAuthorsItems(db, viewerId, FOLLOWED),
    countTagsOf(db, seedIds),
  ]);
  const topTags = tags.sort((a, b) => b.uses - a.uses).slice(0, TAGS);
  const tagUses = new Map(topTags.map((tag) => [tag.tagId, tag.uses]));
  const tagged = await listItemsTagged(
    db,
    topTags.map((tag) => tag.tagId),
    TAGGED,
  );

  const affinity = affinityOf([
    { items: [...inHistory, ...inPlays], factor: FACTORS.coWatched },
    { items: followed, factor: FACTORS.followed },
    {
      items: tagged.map((row) => ({ itemId: row.item_id, weight: tagUses.get(row.tag_id) ?? 0 })),
      factor: FACTORS.tagged,
    },
  ]);
  const known = new Map(pools.popular.map((row) => [row.id, row]));
  const unread = [...affinity.keys()].filter((id) => !known.has(id));
  for (const row of await listRankingRows(db, unread, itemTypes)) known.set(row.id, row);

  const wanted = (row: RankingRow) => !finished.has(row.id) && row.user_id !== viewerId;
  const ranked = bestFirst(
    [...known.values()].filter(wanted).map((row) => ({
      id: row.id,
      authorId: row.user_id,
      score: decayedPopularity(row, nowMs) * (1 + (affinity.get(row.id) ?? 0)),
    })),
  );
  // Each viewer meets the least played new items first, in an order of their own, so the
  // newcomers spread over the audience instead of all viewers seeing the same few.
  const fresh = pools.newcomers
    .filter(wanted)
    .map((row) => ({ row, turn: seededHash(viewerId, row.id) }))
    .sort((a, b) => a.row.play_count - b.row.play_count || a.turn - b.turn)
    .map(({ row }) => ({ id: row.id, authorId: row.user_id, score: 0 }));
  return mixList({ ranked, fresh, length: query.length });
}
