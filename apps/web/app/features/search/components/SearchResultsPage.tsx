import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  SEARCH_DURATIONS,
  SEARCH_PUBLISHED,
  SEARCH_SORTS,
  SEARCH_TYPES,
  type SearchResults,
  type SearchType,
} from '@melon/shared/contracts/search';
import loadMoreStyles from '~/components/ui/LoadMoreButton.module.css';
import { resultsPath, type SearchFilters } from '../filters.ts';
import { keyOf, useMoreResults, mainSlice } from '../hooks/use-more-results.ts';
import { rememberLocally } from '../local-history.ts';
import {
  durationLabels,
  publishedLabels,
  searchMessages as t,
  searchTypeLabels,
  sortLabels,
} from '../messages.ts';
import { SearchResultCard, type ItemAction } from './SearchCards.tsx';
import { WordList } from './WordList.tsx';
import styles from './SearchResultsPage.module.css';

interface SearchResultsPageProps {
  first: SearchResults;
  filters: SearchFilters;
  /** The address of this keyword's page, without the query. */
  base: string;
  /** The tab the address without ?type= opens. */
  defaultType: SearchType;
  /** The separate search host to ask when the main one fails ('' for none). */
  switchHost: string;
  /** Shown beside an empty result: the hot words. */
  hotWords: readonly string[];
  nowMs: number;
  /** On each found video's card (待播), composed by the page. */
  itemAction?: ItemAction;
}

/** A search's results: tabs, filters, the top users and long videos, the list, load more. */
export function SearchResultsPage(props: SearchResultsPageProps) {
  const { first, filters, base, defaultType, nowMs } = props;
  const { cards, hasMore, status, loadMore } = useMoreResults(first, filters, props.switchHost);
  // This browser's recent searches: every results page seen, however it was reached.
  useEffect(() => {
    rememberLocally(first.keyword);
  }, [first.keyword]);
  const total = mainSlice(first).trueCount;
  const withTops = filters.type === 'all';
  const tops = withTops ? [...first.user.data, ...first.longVideo.data] : [];
  const pathWith = (change: Partial<SearchFilters>) =>
    resultsPath(base, { ...filters, ...change }, defaultType);

  const chips = <K extends 'sort' | 'duration' | 'publish_time'>(
    key: K,
    values: readonly SearchFilters[K][],
    labels: Record<SearchFilters[K], string>,
    label: string,
  ) => (
    <div className={styles.filterRow} role="group" aria-label={label}>
      {values.map((value) => (
        <Link
          key={value}
          to={pathWith({ [key]: value })}
          className={filters[key] === value ? styles.chipOn : styles.chip}
          aria-current={filters[key] === value ? 'true' : undefined}
          preventScrollReset
        >
          {labels[value]}
        </Link>
      ))}
    </div>
  );

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.resultsOf(first.keyword)}</h1>
      <nav aria-label={t.tabs} className={styles.tabs}>
        {SEARCH_TYPES.map((type) => (
          <Link
            key={type}
            to={pathWith({ type })}
            className={type === filters.type ? styles.tabOn : styles.tab}
            aria-current={type === filters.type ? 'page' : undefined}
          >
            {searchTypeLabels[type]}
          </Link>
        ))}
      </nav>
      {filters.type !== 'user' && (
        <section aria-label={t.filters} className={styles.filters}>
          {chips('sort', SEARCH_SORTS, sortLabels, t.sort)}
          {chips('duration', SEARCH_DURATIONS, durationLabels, t.duration)}
          {chips('publish_time', SEARCH_PUBLISHED, publishedLabels, t.published)}
        </section>
      )}
      <p className={styles.count} aria-live="polite">
        {t.count(total)}
      </p>
      {(tops.length > 0 || cards.length > 0) && (
        <h2 className="visually-hidden">{t.listHeading}</h2>
      )}
      {tops.length > 0 && (
        <div className={styles.tops}>
          <ul className={styles.topList}>
            {tops.map((card) => (
              <li key={keyOf(card)}>
                <SearchResultCard card={card} nowMs={nowMs} itemAction={props.itemAction} />
              </li>
            ))}
          </ul>
          {first.longVideo.trueCount > first.longVideo.data.length && (
            <Link to={pathWith({ type: 'lvideo' })} className={styles.allLong}>
              {t.allLongVideos(first.longVideo.trueCount)}
            </Link>
          )}
        </div>
      )}
      {cards.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyText}>{t.empty(first.keyword)}</p>
          <p>{t.emptyHint}</p>
          <WordList heading={t.hot} words={props.hotWords} />
        </div>
      ) : (
        <ol className={styles.list} aria-busy={status === 'loading'}>
          {cards.map((card) => (
            <li key={keyOf(card)}>
              <SearchResultCard card={card} nowMs={nowMs} itemAction={props.itemAction} />
            </li>
          ))}
        </ol>
      )}
      <div className={styles.more}>
        {hasMore ? (
          <button
            type="button"
            className={loadMoreStyles.loadMore}
            onClick={() => void loadMore()}
            disabled={status === 'loading'}
          >
            {status === 'loading' ? t.loading : t.loadMore}
          </button>
        ) : (
          cards.length > 0 && <span className={styles.end}>{t.end}</span>
        )}
        {status === 'failed' && (
          <p role="alert" className={styles.failed}>
            {t.loadFailed}
          </p>
        )}
      </div>
    </div>
  );
}
