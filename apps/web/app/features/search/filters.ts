import {
  SEARCH_DURATIONS,
  SEARCH_PUBLISHED,
  SEARCH_SORTS,
  type SearchDuration,
  type SearchPublished,
  type SearchSort,
  type SearchType,
  isSearchType,
} from '@melon/shared/contracts/search';

/** The tab and filters of a results page, as its address carries them (?type=&sort=…). */
export interface SearchFilters {
  type: SearchType;
  sort: SearchSort;
  duration: SearchDuration;
  publish_time: SearchPublished;
}

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/**
 * The filters of an address; undefined when one names a value that does not exist. A page may
 * open on another tab than 综合 (`defaultType`).
 */
export function filtersOf(
  params: URLSearchParams,
  defaultType: SearchType = 'all',
): SearchFilters | undefined {
  const type = params.get('type') ?? defaultType;
  const sort = params.get('sort') ?? 'relevance';
  const duration = params.get('duration') ?? 'all';
  const published = params.get('publish_time') ?? 'all';
  const filters = {
    type: isSearchType(type) ? type : undefined,
    sort: pick(SEARCH_SORTS, sort),
    duration: pick(SEARCH_DURATIONS, duration),
    publish_time: pick(SEARCH_PUBLISHED, published),
  };
  const { type: t, sort: s, duration: d, publish_time: p } = filters;
  return t && s && d && p ? { type: t, sort: s, duration: d, publish_time: p } : undefined;
}

/** The results page's address with these filters; defaults are left out. */
export function resultsPath(
  base: string,
  filters: SearchFilters,
  defaultType: SearchType = 'all',
): string {
  const query = new URLSearchParams();
  if (filters.type !== defaultType) query.set('type', filters.type);
  if (filters.sort !== 'relevance') query.set('sort', filters.sort);
  if (filters.duration !== 'all') query.set('duration', filters.duration);
  if (filters.publish_time !== 'all') query.set('publish_time', filters.publish_time);
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}
