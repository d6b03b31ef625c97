import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import type { Pools } from './pools.ts';
import { affinityOf, bestFirst, decayedPopularity, mixList, type Candidate } from './ranking.ts';
import {
  countTagsOf,
  listAuthorItems,
  listCoWatched,
  listItemsWithTitleWords,
} from './recommend.repository.ts';
import type { SharedReads } from './shared-reads.ts';
import { titleWords } from './title-words.ts';
import { SESSION_WINDOW_MS } from './viewer-list.ts';

const VIEWERS = 100;
const CO_WATCHED = 100;
const TITLED = 100;
const BY_AUTHOR = 20;

/** How much each source counts (decision 037): co-watching, shared tags, title words, author. */
const FACTORS = { coWatched: 4, tagged: 2, titled: 1.5, author: 1 } as const;
/** Popularity only breaks near ties between related items, and orders the fill-up. */
const POPULARITY_SHARE = 0.05;

export interface RelatedQuery {
  item: { id: string; user_id: string; title: string };
  itemTypes: readonly ItemType[];
  shared: SharedReads;
  pools: Pools;
  nowMs: number;
  length: number;
}

/**
 * The items related to one: watched in the same sessions, sharing its tags or the words of its
 * title, by its author; then the popular pool when those run short. Under the author cap.
 */
export async function buildRelatedList(
  db: Kysely<Database>,
  query: RelatedQuery,
): Promise<string[]> {
  const { item, itemTypes, shared, pools, nowMs } = query;
  const coWatch = {
    seedIds: [item.id],
    viewerId: null,
    sessionWindowMs: SESSION_WINDOW_MS,
    viewersPerSeed: VIEWERS,
    limit: CO_WATCHED,
  };
  const [inHistory, inPlays, tags, titled, byAuthor] = await Promise.all([
    listCoWatched(db, 'history', coWatch),
    listCoWatched(db, 'plays', coWatch),
    countTagsOf(db, [item.id]),
    listItemsWithTitleWords(db, titleWords(item.title), itemTypes, TITLED),
    listAuthorItems(db, item.user_id, BY_AUTHOR),
  ]);
  const tagged = await shared.tagItems(tags.map((tag) => tag.tagId));
  const affinity = affinityOf([
    { items: [...inHistory, ...inPlays], factor: FACTORS.coWatched },
    {
      items: tagged.flatMap(({ itemIds }) => itemIds.map((itemId) => ({ itemId, weight: 1 }))),
      factor: FACTORS.tagged,
    },
    { items: titled, factor: FACTORS.titled },
    { items: byAuthor, factor: FACTORS.author },
  ]);
  affinity.delete(item.id);
  const rows = await shared.rankingRows([...affinity.keys()], nowMs);
  const related: Candidate[] = rows.map((row) => ({
    id: row.id,
    authorId: row.user_id,
    score: (affinity.get(row.id) ?? 0) + POPULARITY_SHARE * decayedPopularity(row, nowMs),
  }));
  const fill: Candidate[] = pools.popular
    .filter((row) => row.id !== item.id && !affinity.has(row.id))
    .map((row) => ({ id: row.id, authorId: row.user_id, score: decayedPopularity(row, nowMs) }));
  return mixList({
    ranked: [...bestFirst(related), ...bestFirst(fill)],
    fresh: [],
    length: query.length,
  });
}
