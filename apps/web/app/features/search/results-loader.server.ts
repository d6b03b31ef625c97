import type { RouterContextProvider } from 'react-router';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { getSearchHotWords, searchResults } from '@melon/shared/calls/search.calls';
import { SEARCH_KEYWORD_MAX_LENGTH, type SearchType } from '@melon/shared/contracts/search';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import { filtersOf } from './filters.ts';

/**
 * The first page of a keyword's results for a page's loader (/search/:keyword, /kvideo/:keyword):
 * the filters from the address (a bad one is the 404 page), the search host to fall back to, and
 * the hot words for an empty result (quietly none when they fail).
 */
export async function loadResults(
  context: Readonly<RouterContextProvider>,
  rawKeyword: string,
  url: URL,
  defaultType: SearchType,
) {
  const keyword = rawKeyword.trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH);
  const filters = filtersOf(url.searchParams, defaultType);
  if (!keyword || !filters) notFound();
  const client = serverClient(context);
  const [first, config, hot] = await Promise.all([
    client.call(searchResults, { keyword, page: 0, ...filters }),
    client.call(getGlobalConfig),
    client.call(getSearchHotWords).then(
      (answer) => answer.list.map((entry) => entry.word),
      () => [],
    ),
  ]);
  return {
    first,
    filters,
    switchHost: config.siteConfig.searchConfig.switchHost,
    hotWords: hot,
    nowMs: Date.now(),
  };
}
