import { filterCinemaAlbums } from '@melon/shared/calls/cinema.calls';
import type { CinemaAlbumCard, CinemaAlbumsPage } from '@melon/shared/contracts/cinema';
import { browserClient } from '~/lib/browser-client.ts';
import { useMore } from '~/lib/use-more.ts';
import { FILTER_PAGE_SIZE } from '../constants.ts';
import { albumsBody, type FilterState } from '../filter-state.ts';
import { cinemaMessages as t } from '../messages.ts';

/**
 * The filter page's albums: the server-rendered first page, then the next ones on request from
 * where the last ended (the call's order is stable; an album already shown is not repeated).
 */
export function useMoreAlbums(
  first: CinemaAlbumsPage,
  state: FilterState,
  notify: (message: string) => void,
) {
  return useMore<CinemaAlbumsPage, CinemaAlbumCard>(first, {
    read: (page) => ({ items: page.albumList, hasMore: page.hasMore }),
    fetchNext: (last) =>
      browserClient().call(
        filterCinemaAlbums,
        albumsBody(first.pinyin, state, last.offset, FILTER_PAGE_SIZE),
      ),
    key: (album) => album.albumId,
    notify,
    failed: t.loadFailed,
  });
}
