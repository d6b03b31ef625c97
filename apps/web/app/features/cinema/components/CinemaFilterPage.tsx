import type { ReactNode } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import type { CinemaAlbumCard, CinemaFilterKey } from '@melon/shared/contracts/cinema';
import loadMoreStyles from '~/components/ui/LoadMoreButton.module.css';
import { EAGER_CARDS, FILTER_PAGE_SIZE, SKELETON_CARDS } from '../constants.ts';
import type { FilterPageData } from '../filter-page.server.ts';
import { cinemaFilterPath, filterPath, isFiltered, type FilterState } from '../filter-state.ts';
import { useMoreAlbums } from '../hooks/use-more-albums.ts';
import { cinemaMessages as t } from '../messages.ts';
import { AlbumCard } from './AlbumCard.tsx';
import { AlbumCardSkeleton } from './AlbumCardSkeleton.tsx';
import styles from './CinemaFilterPage.module.css';

interface CinemaFilterPageProps {
  data: FilterPageData;
  /** Where a failed page's message goes (the toast). */
  notify: (message: string) => void;
  /** Each album card's action (待播), composed by the page. */
  albumAction?: (album: CinemaAlbumCard) => ReactNode;
}

/**
 * The filter page (`/:stream?/cinema/filter/:pinyin`): the category row, the filter rows whose
 * choices combine and live in the address, and the albums, 加载更多 at their end. While another
 * choice loads, skeletons stand where the albums will be.
 */
export function CinemaFilterPage({ data, notify, albumAction }: CinemaFilterPageProps) {
  const { category, state, first, base, stream } = data;
  const rows = category.rows;
  const albums = useMoreAlbums(first, state, notify);
  // Categories without albums would only lead to an empty page; the current one always shows.
  const tabs = data.channels.filter(
    (channel) => channel.albumCount > 0 || channel.pinyin === category.category.pinyin,
  );
  const location = useLocation();
  const navigation = useNavigation();
  const changing =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const pathWith = (change: Partial<FilterState>) =>
    filterPath(base, { ...state, ...change }, rows);
  const pathFor = (key: CinemaFilterKey, value: string) => {
    const next: FilterState = { ...state };
    next[key] = value;
    return filterPath(base, next, rows);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.filterTitle(category.category.name)}</h1>
      <nav aria-label={t.categories} className={styles.tabs}>
        {tabs.map((channel) => {
          const current = channel.pinyin === category.category.pinyin;
          return (
            <Link
              key={channel.pinyin}
              to={cinemaFilterPath(channel.pinyin, stream)}
              className={current ? styles.tabOn : styles.tab}
              aria-current={current ? 'page' : undefined}
            >
              {channel.name}
            </Link>
          );
        })}
      </nav>
      <section aria-label={t.filters} className={styles.filters}>
        {rows.map((row) => (
          <div key={row.key} className={styles.row} role="group" aria-labelledby={`row-${row.key}`}>
            <span id={`row-${row.key}`} className={styles.rowName}>
              {row.name}
            </span>
            <div className={styles.options}>
              {row.options.map((option) => {
                const chosen = state[row.key] === option.value;
                return (
                  <Link
                    key={option.value}
                    to={pathFor(row.key, option.value)}
                    className={chosen ? styles.chipOn : styles.chip}
                    aria-current={chosen ? 'true' : undefined}
                    preventScrollReset
                  >
                    {option.label}
                  </Link>
                );
              })}
            </div>
          </div>
        ))}
      </section>
      <section aria-label={t.results} aria-busy={changing || albums.loading}>
        {changing ? (
          <ul className={styles.grid} aria-hidden="true">
            {Array.from({ length: FILTER_PAGE_SIZE / 2 }, (_, index) => (
              <li key={index}>
                <AlbumCardSkeleton />
              </li>
            ))}
          </ul>
        ) : albums.items.length === 0 ? (
          <div className={styles.empty} data-testid="filter-empty">
            <p className={styles.emptyText}>{t.empty}</p>
            {isFiltered(state, rows) && (
              <p>
                {t.emptyHint}
                <Link to={pathWith({ genre: '', region: '', year: '', paid: '' })}>
                  {t.clearFilters}
                </Link>
              </p>
            )}
          </div>
        ) : (
          <ul className={styles.grid} data-testid="filter-results">
            {albums.items.map((album, index) => (
              <li key={album.albumId}>
                <AlbumCard
                  album={album}
                  eager={index < EAGER_CARDS}
                  headingLevel="h2"
                  action={albumAction?.(album)}
                />
              </li>
            ))}
            {albums.loading &&
              Array.from({ length: SKELETON_CARDS }, (_, index) => (
                <li key={`skeleton-${index}`} aria-hidden="true">
                  <AlbumCardSkeleton />
                </li>
              ))}
          </ul>
        )}
        {!changing && albums.items.length > 0 && (
          <div className={styles.more}>
            {albums.hasMore ? (
              <button
                type="button"
                className={loadMoreStyles.loadMore}
                onClick={albums.loadMore}
                disabled={albums.loading}
              >
                {albums.loading ? t.loading : t.loadMore}
              </button>
            ) : (
              <span className={styles.end}>{t.end}</span>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
