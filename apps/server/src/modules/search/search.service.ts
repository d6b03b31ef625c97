import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import {
  SEARCH_PAGE_SIZE,
  SEARCH_MAX_PAGE,
  type SearchQuery,
  type SearchResults,
  type SearchSlice,
  type SearchSnapshot,
  type SearchSort,
  type SearchType,
} from '@melon/shared/contracts/search';
import { forbidden, invalid } from '../../lib/domain-error.ts';
import type {
  SearchHit,
  SearchRequest,
  SearchResult,
  createSearchIndex,
} from '../search-index/search-index.service.ts';
import { hasRole } from './operator-role.repository.ts';
import { emptySlice, presentCards } from './search.presenter.ts';
import { findItemCards, findUserCards } from './search.repository.ts';
import { searchMessages as t } from './search.messages.ts';

export type SearchEngine = ReturnType<typeof createSearchIndex>;

/** On the first page of 综合: this many users and long videos above the mixed list. */
const ALL_TAB_USERS = 3;
const ALL_TAB_LONG_VIDEOS = 4;

/** Who searches: a signed-in viewer's id, else null. */
export type Searcher = string | null;

export interface SearchAsked {
  type: SearchType;
  keyword: string;
  page: number;
  query: SearchQuery;
}

export interface SearchServiceDeps {
  db: Kysely<Database>;
  engine: SearchEngine;
  newId: () => string;
}

/** The words of a search, or a 400 when nothing but spaces is left. */
export function searchWords(keyword: string): string {
  const words = keyword.trim().replace(/\s+/g, ' ');
  if (!words) throw invalid(t.keywordBlank, 'keyword');
  return words;
}

export function createSearchService({ db, engine, newId }: SearchServiceDeps) {
  async function rowsOf(hits: readonly SearchHit[]) {
    const itemIds = hits.filter((hit) => hit.kind === 'item').map((hit) => hit.id);
    const userIds = hits.filter((hit) => hit.kind === 'user').map((hit) => hit.id);
    const [items, users] = await Promise.all([
      findItemCards(db, itemIds),
      findUserCards(db, userIds),
    ]);
    return {
      items: new Map(items.map((row) => [row.id, row])),
      users: new Map(users.map((row) => [row.id, row])),
    };
  }

  async function slice(result: SearchResult, offset: number, searchId: string) {
    const data = presentCards(result.hits, await rowsOf(result.hits), offset, searchId);
    return { data, trueCount: result.total } satisfies SearchSlice;
  }

  function request(asked: SearchAsked, words: string, viewerId: Searcher): SearchRequest {
    const { query } = asked;
    return {
      query: words,
      kind: asked.type,
      sort: query.sort ?? 'relevance',
      durationFilter: query.duration ?? 'all',
      publishedWithin: query.publish_time ?? 'all',
      offset: asked.page * SEARCH_PAGE_SIZE,
      limit: SEARCH_PAGE_SIZE,
      viewerId,
    };
  }

  return {
    /**
     * One page of results in the SPEC §3 slices: the tab's own list in its slice (综合, 视频,
     * 合集 in `complex`, 影视 in `longVideo`, 用户 in `user`); the first page of 综合 also
     * carries the top users and long videos. Paging is the engine's order, which is stable.
     */
    async results(asked: SearchAsked, viewerId: Searcher): Promise<SearchResults> {
      const words = searchWords(asked.keyword);
      const searchId = asked.query.search_id ?? newId();
      const main = request(asked, words, viewerId);
      const withTops = asked.type === 'all' && asked.page === 0;
      const [found, users, longVideos] = await Promise.all([
        engine.search(main),
        withTops ? engine.search({ ...main, kind: 'user', limit: ALL_TAB_USERS }) : undefined,
        withTops
          ? engine.search({ ...main, kind: 'lvideo', limit: ALL_TAB_LONG_VIDEOS })
          : undefined,
      ]);
      const own = await slice(found, main.offset, searchId);
      const slices = {
        banner: emptySlice(),
        live: emptySlice(),
        complex: emptySlice(),
        longVideo: longVideos ? await slice(longVideos, 0, searchId) : emptySlice(),
        user: users ? await slice(users, 0, searchId) : emptySlice(),
      };
      if (asked.type === 'lvideo') slices.longVideo = own;
      else if (asked.type === 'user') slices.user = own;
      else slices.complex = own;
      return {
        search_id: searchId,
        keyword: words,
        type: asked.type,
        page: asked.page,
        hasMore: asked.page < SEARCH_MAX_PAGE && main.offset + main.limit < found.total,
        tokens: found.tokens,
        ...slices,
      };
    },

    /** How many long videos a search finds. */
    async longVideoCount(keyword: string, viewerId: Searcher): Promise<number> {
      const asked: SearchAsked = { type: 'lvideo', keyword, page: 0, query: {} };
      const result = await engine.search({
        ...request(asked, searchWords(keyword), viewerId),
        limit: 1,
      });
      return result.total;
    },

    /** The debug page: the engine's own view of a search. Operators only (403 otherwise). */
    async snapshot(
      asked: { keyword: string | undefined; type: SearchType; page: number; sort: SearchSort },
      viewerId: string,
    ): Promise<SearchSnapshot> {
      if (!(await hasRole(db, viewerId, 'operator'))) throw forbidden(t.operatorOnly);
      if (asked.keyword === undefined) {
        return { keyword: '', type: asked.type, tokens: [], total: 0, results: [] };
      }
      const words = searchWords(asked.keyword);
      const req = request(
        { ...asked, keyword: words, query: { sort: asked.sort } },
        words,
        viewerId,
      );
      const found = await engine.search(req);
      const rows = await rowsOf(found.hits);
      return {
        keyword: words,
        type: asked.type,
        tokens: found.tokens,
        total: found.total,
        results: found.hits.map((hit, index) => ({
          rank: req.offset + index + 1,
          kind: hit.kind,
          id: hit.id,
          title:
            (hit.kind === 'item' ? rows.items.get(hit.id)?.title : rows.users.get(hit.id)?.name) ??
            '',
          score: hit.score,
          parts: hit.parts,
          matched: hit.matched,
        })),
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

/** Item types of the long-video recommendations: albums and series. */
export const LONG_VIDEO_TYPES = [ItemType.Album, ItemType.Series] as const;
