import { redirect, type RouterContextProvider } from 'react-router';
import {
  filterCinemaAlbums,
  getCinemaCategory,
  getCinemaChannels,
} from '@melon/shared/calls/cinema.calls';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import type { CinemaPinyin } from '@melon/shared/contracts/cinema';
import { serverClient } from '~/lib/api-client.server.ts';
import { FILTER_PAGE_SIZE } from './constants.ts';
import { albumsBody, cinemaFilterPath, filterPath, parseFilters } from './filter-state.ts';

/**
 * The filter page from its address alone (decision 053): the category row, the category's
 * filter rows, the choices of the query and the first page of albums. An address naming a
 * choice no row offers (or spelling out a default) is redirected to its clean form.
 */
export async function loadFilterPage(
  context: Readonly<RouterContextProvider>,
  pinyin: CinemaPinyin,
  url: URL,
  stream: boolean,
) {
  const reader = serverClient(context);
  const [channels, category, config] = await Promise.all([
    reader.call(getCinemaChannels),
    reader.call(getCinemaCategory, { pinyin }),
    reader.call(getGlobalConfig),
  ]);
  const base = cinemaFilterPath(pinyin, stream);
  const { state, canonical } = parseFilters(url.searchParams, category.rows);
  if (!canonical) return redirect(filterPath(base, state, category.rows));
  // POST albums is a read, but a POST all the same: it carries the page's anti-forgery token.
  const first = await serverClient(context, config.csrfToken).call(
    filterCinemaAlbums,
    albumsBody(pinyin, state, 0, FILTER_PAGE_SIZE),
  );
  return { channels: channels.channels, category, state, first, base, stream };
}

export type FilterPageData = Exclude<Awaited<ReturnType<typeof loadFilterPage>>, Response>;
