import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { invalid } from '../../lib/domain-error.ts';
import { writeDoc } from './index-writes.ts';
import { matchedTerms } from './matched-terms.ts';
import { planQuery, SEARCH_QUERY_MAX_LENGTH } from './query-plan.ts';
import { analyseDoc, itemTexts, userTexts, type DocTexts } from './search-documents.ts';
import {
  countMatches,
  pageOfMatches,
  type DurationFilter,
  type MatchQuery,
  type PublishedWithin,
  type SearchKind,
} from './search-query.ts';
import { suggestWords } from './suggest.ts';

/*
 * The search index (issue 13, decision 035): what the search calls and the debug page ask
 * (`createSearchIndex`), and the writes the changing modules make in their own transactions
 * (`indexItem`, `removeItem`, `indexUser`).
 */

export type { SearchKind, DurationFilter, PublishedWithin } from './search-query.ts';
export { SEARCH_QUERY_MAX_LENGTH } from './query-plan.ts';

export interface SearchRequest {
  query: string;
  kind: SearchKind;
  sort: 'relevance' | 'newest';
  /** <10 min, 10–30 min, 30–60 min, >60 min. */
  durationFilter?: DurationFilter;
  publishedWithin?: PublishedWithin;
  offset: number;
  limit: number;
  /** Who asks; every viewer gets what the item policy lists in search (`listedIn`). */
  viewerId: string | null;
}

export interface SearchHit {
  kind: 'item' | 'user';
  id: string;
  score: number;
  parts: { text: number; popularity: number; freshness: number };
  /** The document's own words that matched, as it writes them (for highlighting). */
  matched: string[];
}

export interface SearchResult {
  total: number;
  hits: SearchHit[];
  /** What the query was read as. */
  tokens: string[];
}

export interface SearchIndexDeps {
  db: Kysely<Database>;
  /** The clock of freshness and the publish-time filter; Date.now by default. */
  now?: () => number;
}

export function createSearchIndex(deps: SearchIndexDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  return {
    /**
     * The matches of a query. A blank query finds nothing; one over SEARCH_QUERY_MAX_LENGTH
     * characters is refused (invalid, field `keyword`).
     */
    async search(req: SearchRequest): Promise<SearchResult> {
      const query = req.query.trim();
      if (codePointLength(query) > SEARCH_QUERY_MAX_LENGTH) {
        throw invalid(`搜索词不能超过${SEARCH_QUERY_MAX_LENGTH}个字`, 'keyword');
      }
      // The totals are read beside the query's vocabulary (two connections on PostgreSQL).
      const [plan, stats] = await Promise.all([planQuery(db, query), indexTotals(db)]);
      if (plan.groups.length === 0) return { total: 0, hits: [], tokens: plan.tokens };
      const match: MatchQuery = { groups: plan.groups, df: plan.df, ...stats };
      const filter = {
        kind: req.kind,
        durationFilter: req.durationFilter ?? 'all',
        publishedWithin: req.publishedWithin ?? 'all',
        now: now(),
      };
      const rows = await pageOfMatches(db, match, filter, req);
      // Past the last page the rows carry no total: count it alone.
      const total =
        rows[0]?.total ?? (req.offset === 0 ? 0 : await countMatches(db, match, filter));
      if (rows.length === 0) return { total, hits: [], tokens: plan.tokens };
      const kind = req.kind === 'user' ? 'user' : 'item';
      const ids = rows.map((row) => row.id);
      const texts = kind === 'user' ? await userTexts(db, ids) : await itemTexts(db, ids);
      const hits = rows.map((row): SearchHit => ({
        kind,
        id: row.id,
        score: row.score,
        parts: { text: row.text, popularity: row.popularity, freshness: row.freshness },
        matched: matchedTerms(texts.get(row.id), plan),
      }));
      return { total, hits, tokens: plan.tokens };
    },

    /** Words starting with the prefix, as typed or as pinyin or initials; most documents first. */
    suggest(prefix: string, limit: number): Promise<string[]> {
      return suggestWords(db, prefix, limit);
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;

/** The index's document count and average document length, which BM25's scores read. */
async function indexTotals(db: Kysely<Database>): Promise<Pick<MatchQuery, 'docs' | 'avgTokens'>> {
  const stats = await db
    .selectFrom('search_stats')
    .select(['docs', 'tokens'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const docs = stats?.docs ?? 0;
  return { docs, avgTokens: docs === 0 ? 1 : (stats?.tokens ?? 0) / docs };
}

async function indexTexts(
  trx: Kysely<Database>,
  kind: 'item' | 'user',
  texts: Map<string, DocTexts>,
  ids: readonly string[],
): Promise<void> {
  for (const id of ids) {
    const text = texts.get(id);
    await writeDoc(trx, kind, id, text === undefined ? null : analyseDoc(text));
  }
}

/**
 * Indexes the items as they now stand, in the caller's transaction (or a new one): a deleted or
 * unknown item leaves the index. Call it wherever an item's indexed text changes.
 */
export async function indexItem(
  db: Kysely<Database>,
  itemIds: string | readonly string[],
): Promise<void> {
  const ids = typeof itemIds === 'string' ? [itemIds] : itemIds;
  await inTransaction(db, async (trx) => indexTexts(trx, 'item', await itemTexts(trx, ids), ids));
}

/** Takes the item out of the index (its row is being deleted, or it was deleted). */
export async function removeItem(db: Kysely<Database>, itemId: string): Promise<void> {
  await inTransaction(db, (trx) => writeDoc(trx, 'item', itemId, null));
}

/**
 * Indexes the user (name, description) and, as their items carry the author's name, their
 * items, in the caller's transaction (or a new one).
 */
export async function indexUser(db: Kysely<Database>, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await indexTexts(trx, 'user', await userTexts(trx, [userId]), [userId]);
    const items = await trx
      .selectFrom('search_docs')
      .innerJoin('items', 'items.id', 'search_docs.ref_id')
      .select('items.id')
      .where('search_docs.kind', '=', 'item')
      .where('items.user_id', '=', userId)
      .execute();
    await indexItem(
      trx,
      items.map((row) => row.id),
    );
  });
}
