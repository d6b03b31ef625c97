import {
  CINEMA_FILTER_KEYS,
  CINEMA_PAID,
  CINEMA_PINYINS,
  CINEMA_SORTS,
  type CinemaAlbumsBody,
  type CinemaFilterKey,
  type CinemaFilterRow,
  type CinemaPaid,
  type CinemaPinyin,
  type CinemaSort,
} from '@melon/shared/contracts/cinema';

/** The filter page's choices, one value per row ('' is 全部); the address carries them. */
export type FilterState = Record<CinemaFilterKey, string>;

export interface ParsedFilters {
  state: FilterState;
  /** False when the address named a value no row offers, or spelled out a default. */
  canonical: boolean;
}

const DEFAULTS: FilterState = { genre: '', region: '', year: '', paid: '', sort: 'hot' };

const defaultOf = (rows: readonly CinemaFilterRow[], key: CinemaFilterKey): string =>
  rows.find((row) => row.key === key)?.defaultValue ?? DEFAULTS[key];

/**
 * The choices of an address (`?genre=&region=&year=&paid=&sort=`) against the category's rows:
 * a value no row offers falls back to the row's default, and the page redirects to the address
 * without it (a bookmark outliving a catalogue change still opens).
 */
export function parseFilters(
  params: URLSearchParams,
  rows: readonly CinemaFilterRow[],
): ParsedFilters {
  const state = { ...DEFAULTS };
  let canonical = true;
  for (const key of CINEMA_FILTER_KEYS) {
    const fallback = defaultOf(rows, key);
    const asked = params.get(key);
    const row = rows.find((entry) => entry.key === key);
    const offered = asked !== null && row?.options.some((option) => option.value === asked);
    state[key] = offered ? asked : fallback;
    if (asked !== null && (!offered || asked === fallback)) canonical = false;
  }
  return { state, canonical };
}

/** The page's address for these choices: defaults left out, the rows' order kept. */
export function filterPath(
  base: string,
  state: FilterState,
  rows: readonly CinemaFilterRow[],
): string {
  const query = new URLSearchParams();
  for (const key of CINEMA_FILTER_KEYS) {
    if (state[key] !== defaultOf(rows, key)) query.set(key, state[key]);
  }
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

/** True when some row other than the sort is narrowed. */
export const isFiltered = (state: FilterState, rows: readonly CinemaFilterRow[]): boolean =>
  CINEMA_FILTER_KEYS.some((key) => key !== 'sort' && state[key] !== defaultOf(rows, key));

const pick = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((entry) => entry === value) ?? fallback;

/** The body of POST albums for these choices, from `offset`. */
export function albumsBody(
  pinyin: CinemaPinyin,
  state: FilterState,
  offset: number,
  count: number,
): CinemaAlbumsBody {
  const paid: CinemaPaid = pick(CINEMA_PAID, state.paid, '');
  const sort: CinemaSort = pick(CINEMA_SORTS, state.sort, 'hot');
  return {
    pinyin,
    filters: { genre: state.genre, region: state.region, year: state.year, paid },
    sort,
    offset,
    count,
  };
}

/** The filter page of a category; `/stream` first when the page was opened under it (SPEC §2). */
export const cinemaFilterPath = (pinyin: string, stream = false): string =>
  `${stream ? '/stream' : ''}/cinema/filter/${pinyin}`;

/** A category of the filter page (`:pinyin`). */
export const isCinemaPinyin = (pinyin: string): pinyin is CinemaPinyin =>
  (CINEMA_PINYINS as readonly string[]).includes(pinyin);
