import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
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
  listCoWatched,
  listFollowedAuthorsItems,
  listViewerHistory,
  type RankingRow,
} from './recommend.repository.ts';
import type { SharedReads } from './shared-reads.ts';

/** The newest history entries read: the finished items among them never come back. */
const HISTORY_READ = 1000;
/** The newest entries whose sessions, tags and neighbours make the candidates. */
const SEEDS = 10;
/** Two views within half an hour of each other belong to one session. */
export const SESSION_WINDOW_MS = 30 * 60_000;
const VIEWERS_PER_SEED = 15;
const CO_WATCHED = 200;
const FOLLOWED = 100;
/** The seeds' most used tags, each bringing its newest items. */
const TAGS = 6;
/** How many of the sources' candidates, the closest first, are read for ranking. */
const CANDIDATES_READ = 400;

/**
 * How much each source counts (decision 037): co-watching most, then follows and tags; chosen
 * on the offline evaluation (`npm run eval:recommend`).
 */
const FACTORS = { coWatched: 6, followed: 1, tagged: 1 } as const;
/**
 * A point of affinity is worth this much time-decayed popularity (which runs from about 0.1 to
 * 20): relevance leads, and popularity orders what is alike and fills the rest.
 */
const RELEVANCE = 10;

export interface ViewerListQuery {
  viewerId: string;
  shared: SharedReads;
  pools: Pools;
  nowMs: number;
  length: number;
}

/**
 * A signed-in viewer's recommend list: candidates from co-watching (history and plays),
 * followed authors and the tags of what they watched, with the popular pool behind them; each
 * scored by affinity (times RELEVANCE) plus time-decayed popularity; never an item they finished or their
 * own; mixed with the new items' exploration slots and the author cap (`mixList`).
 */
export async function buildViewerList(
  db: Kysely<Database>,
  query: ViewerListQuery,
): Promise<string[]> {
  const { viewerId, shared, pools, nowMs } = query;
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
    listCoWatched(db, 'history', coWatch),
    listCoWatched(db, 'plays', coWatch),
    listFollowedAuthorsItems(db, viewerId, FOLLOWED),
    countTagsOf(db, seedIds),
  ]);
  const topTags = tags.sort((a, b) => b.uses - a.uses).slice(0, TAGS);
  const tagged = await shared.tagItems(topTags.map((tag) => tag.tagId));
  const tagUses = new Map(topTags.map((tag) => [tag.tagId, tag.uses]));

  const affinity = affinityOf([
    { items: [...inHistory, ...inPlays], factor: FACTORS.coWatched },
    { items: followed, factor: FACTORS.followed },
    {
      items: tagged.flatMap(({ tagId, itemIds }) =>
        itemIds.map((itemId) => ({ itemId, weight: tagUses.get(tagId) ?? 0 })),
      ),
      factor: FACTORS.tagged,
    },
  ]);
  const known = new Map(pools.popular.map((row) => [row.id, row]));
  // Only the closest candidates can reach the list: affinity weighs ten times popularity.
  const unread = [...affinity]
    .filter(([id]) => !known.has(id))
    .sort((a, b) => b[1] - a[1])
    .slice(0, CANDIDATES_READ)
    .map(([id]) => id);
  for (const row of await shared.rankingRows(unread, nowMs)) known.set(row.id, row);

  const wanted = (row: RankingRow) => !finished.has(row.id) && row.user_id !== viewerId;
  const ranked = bestFirst(
    [...known.values()].filter(wanted).map((row) => ({
      id: row.id,
      authorId: row.user_id,
      score: (affinity.get(row.id) ?? 0) * RELEVANCE + decayedPopularity(row, nowMs),
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
