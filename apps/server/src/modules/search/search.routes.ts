import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  clearSearchHistory,
  getAllAlbumLink,
  getAssociativeWords,
  getAuthorVideos,
  getHotWords,
  getRecommendLvideo,
  getSearchHistory,
  getSearchHotWords,
  getSearchPanelDetail,
  getSearchPreset,
  getSearchSnapshot,
  getSuggestWords,
  getXiguaRecipe,
  searchResults,
  searchResultsWithExtra,
} from '@melon/shared/calls/search.calls';
import type { SearchParams, SearchQuery } from '@melon/shared/contracts/search';
import type { FeedCell } from '@melon/shared/contracts/feed';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { invalid } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import type { SessionUser } from '../../http/session-user.ts';
import { presentFeedCell } from '../feed/feed.presenter.ts';
import { createSearchIndex } from '../search-index/search-index.service.ts';
import { createSearchWordsService, HOT_WINDOW_MS } from './search-words.service.ts';
import { searchFieldMessages, searchMessages as t } from './search.messages.ts';
import { listAuthorItems, listMostPlayed } from './search.repository.ts';
import { createSearchService, LONG_VIDEO_TYPES } from './search.service.ts';

/** Cards under an author's card, and long videos offered when a search finds none. */
const AUTHOR_VIDEOS = 4;
const RECOMMENDED_LONG_VIDEOS = 10;

/** Search (SPEC §7 Search, decision 036): results, the words around the box, history, debug. */
export default function searchRoutes(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(searchFieldMessages));
  const engine = createSearchIndex({ db: app.db });
  const search = createSearchService({ db: app.db, engine, newId: app.newId });
  const words = createSearchWordsService({ db: app.db, engine, newId: app.newId });
  const cells = (rows: Parameters<typeof presentFeedCell>[0][]): { list: FeedCell[] } => {
    const imprId = app.newId();
    return { list: rows.map((row, index) => presentFeedCell(row, index, imprId)) };
  };

  /** A page of results; the query-correction level (`extra`) reads the same results. */
  async function results(
    input: SearchParams & SearchQuery,
    user: SessionUser | null,
    request: FastifyRequest,
  ) {
    const { type, keyword, page } = input;
    const userId = user?.id ?? null;
    const answer = await search.results({ type, keyword, page, query: input }, userId);
    // A search is made once, by its first page; the pages after it are the same search.
    if (page === 0) {
      const { webId } = request;
      await words.searched(answer.keyword, { userId, webId, address: normalizeIP(request.ip) });
    }
    return answer;
  }

  route(app, searchResults, (input, { request, user }) => results(input, user, request));
  route(app, searchResultsWithExtra, (input, { request, user }) => results(input, user, request));

  route(app, getAssociativeWords, async ({ word }) => ({ list: await words.associative(word) }));
  route(app, getSuggestWords, async ({ from_group_id }) => ({
    list: await words.guessWords(from_group_id),
  }));
  route(app, getSearchHotWords, async () => ({ list: await words.hotWords() }));
  route(app, getHotWords, () => words.hotList());
  route(app, getSearchPreset, () => words.preset());
  route(app, getSearchPanelDetail, (_input, { reply, user }) => {
    if (user) reply.header('cache-control', 'no-store');
    return words.panel(user?.id ?? null);
  });

  route(app, getAllAlbumLink, async ({ keyword }, { user }) => ({
    url: `/search/${encodeURIComponent(keyword.trim())}?type=lvideo`,
    trueCount: await search.longVideoCount(keyword, user?.id ?? null),
  }));
  route(app, getRecommendLvideo, async () =>
    cells(
      await listMostPlayed(app.db, {
        itemTypes: LONG_VIDEO_TYPES,
        since: Date.now() - HOT_WINDOW_MS,
        limit: RECOMMENDED_LONG_VIDEOS,
      }),
    ),
  );
  route(app, getAuthorVideos, async ({ user_id }) =>
    cells(await listAuthorItems(app.db, user_id, AUTHOR_VIDEOS)),
  );
  // Melon has no recipes: the card kind exists in the SPEC, the answer is an empty list.
  route(app, getXiguaRecipe, () => ({ list: [] }));

  route(app, getSearchHistory, async (_input, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return { list: await words.history(user.id) };
  });
  route(app, clearSearchHistory, ({ words: named, all }, { user }) => {
    if (named && all) throw invalid(t.clearBoth, 'all');
    if (!named && !all) throw invalid(t.clearWhich, 'words');
    return words.clearHistory(user.id, all ? 'all' : (named ?? []));
  });

  route(app, getSearchSnapshot, (input, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    const { keyword, type = 'all', page = 0, sort = 'relevance' } = input;
    return search.snapshot({ keyword, type, page, sort }, user.id);
  });
}
