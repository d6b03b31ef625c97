import {
  CINEMA_CATEGORIES,
  CINEMA_SORTS,
  type CinemaAppliedFilters,
  type CinemaFilterOption,
  type CinemaFilterRow,
  type CinemaFilters,
  type CinemaPinyin,
} from '@melon/shared/contracts/cinema';
import { invalid } from '../../lib/domain-error.ts';
import { cinemaMessages as t } from './cinema.messages.ts';

/*
 * The filter page's rows (decision 047): which values each row offers for a category, and what
 * a chosen value means for the albums query. A value the rows do not offer is refused, so the
 * query only ever sees values from these lists.
 */

export type CinemaCategoryEntry = (typeof CINEMA_CATEGORIES)[number];

export function categoryByPinyin(pinyin: CinemaPinyin): CinemaCategoryEntry {
  const category = CINEMA_CATEGORIES.find((entry) => entry.pinyin === pinyin);
  // The contract's pinyin schema admits only these: a miss is a programming error.
  if (!category) throw new Error(`unknown cinema pinyin ${pinyin}`);
  return category;
}

export function categoryByAlbumType(albumType: number): CinemaCategoryEntry | undefined {
  return CINEMA_CATEGORIES.find((entry) => entry.albumType === albumType);
}

/** Each category's sub-genres (the 类型 row), in row order; stored in `albums.genres`. */
const GENRES: Partial<Record<CinemaPinyin, readonly string[]>> = {
  dianying: ['剧情', '喜剧', '动作', '爱情', '科幻', '悬疑', '动画', '战争', '犯罪', '奇幻'],
  dianshiju: ['剧情', '古装', '都市', '悬疑', '爱情', '家庭', '武侠', '喜剧', '青春'],
  dongman: ['热血', '冒险', '搞笑', '奇幻', '科幻', '校园', '治愈'],
  zongyi: ['真人秀', '脱口秀', '音乐', '美食', '旅行', '竞技', '访谈'],
  jilupian: ['自然', '历史', '美食', '人文', '科技', '社会'],
  shaoer: ['益智', '动画', '儿歌', '科普'],
};
const OTHER_GENRES = ['剧情', '纪实', '搞笑', '音乐', '运动'];

/** The 地区 row: the values of `albums.area`. */
export const CINEMA_REGIONS = [
  '内地',
  '香港',
  '台湾',
  '美国',
  '日本',
  '韩国',
  '英国',
  '法国',
  '泰国',
];

/** Single years back from the current one, then decades, then everything before them. */
const SINGLE_YEARS = 7;
const DECADES = 3;

export const genresOf = (pinyin: CinemaPinyin): readonly string[] => GENRES[pinyin] ?? OTHER_GENRES;

const option = (label: string, value: string): CinemaFilterOption => ({ label, value });
const withAll = (options: CinemaFilterOption[]) => [option(t.all, ''), ...options];

/** A year value's range of years, inclusive. */
interface YearRange {
  from: number | null;
  to: number;
}

interface YearOption {
  option: CinemaFilterOption;
  range: YearRange;
}

function buildYearOptions(currentYear: number): YearOption[] {
  const singles = Array.from({ length: SINGLE_YEARS }, (_, i) => currentYear - i).map((year) => ({
    option: option(String(year), String(year)),
    range: { from: year, to: year },
  }));
  const lastSingle = currentYear - SINGLE_YEARS + 1;
  const firstDecade = Math.floor((lastSingle - 1) / 10) * 10;
  const decades = Array.from({ length: DECADES }, (_, i) => firstDecade - i * 10).map((decade) => ({
    option: option(t.decade(decade), `${decade}s`),
    // The newest decade stops where the single years begin.
    range: { from: decade, to: Math.min(decade + 9, lastSingle - 1) },
  }));
  const oldest = firstDecade - (DECADES - 1) * 10;
  return [
    ...singles,
    ...decades,
    { option: option(t.earlier, 'earlier'), range: { from: null, to: oldest - 1 } },
  ];
}

/** The last year's options: every filter call reads them, and they change once a year. */
let yearOptionsOf: { year: number; options: readonly YearOption[] } | undefined;

function yearOptions(currentYear: number): readonly YearOption[] {
  if (yearOptionsOf?.year !== currentYear) {
    yearOptionsOf = { year: currentYear, options: buildYearOptions(currentYear) };
  }
  return yearOptionsOf.options;
}

/** The filter rows of a category, in page order. */
export function filterRows(pinyin: CinemaPinyin, currentYear: number): CinemaFilterRow[] {
  return [
    {
      key: 'genre',
      name: t.rowNames.genre,
      options: withAll(genresOf(pinyin).map((genre) => option(genre, genre))),
      defaultValue: '',
    },
    {
      key: 'region',
      name: t.rowNames.region,
      options: withAll(CINEMA_REGIONS.map((region) => option(region, region))),
      defaultValue: '',
    },
    {
      key: 'year',
      name: t.rowNames.year,
      options: withAll(yearOptions(currentYear).map((entry) => entry.option)),
      defaultValue: '',
    },
    {
      key: 'paid',
      name: t.rowNames.paid,
      options: withAll([option(t.paid.free, 'free'), option(t.paid.vip, 'vip')]),
      defaultValue: '',
    },
    {
      key: 'sort',
      name: t.rowNames.sort,
      options: CINEMA_SORTS.map((sort) => option(t.sort[sort], sort)),
      defaultValue: 'hot',
    },
  ];
}

/** What the albums query filters on; null is 全部. */
export interface AlbumFilter {
  region: string | null;
  years: YearRange | null;
  genre: string | null;
  vip: 0 | 1 | null;
}

/**
 * The chosen filters checked against the category's rows and turned into the query's terms;
 * a value the rows do not offer is a 400 naming the row and the value.
 */
export function parseFilters(
  pinyin: CinemaPinyin,
  filters: CinemaFilters,
  currentYear: number,
): { applied: CinemaAppliedFilters; filter: AlbumFilter } {
  const region = filters.region ?? '';
  const year = filters.year ?? '';
  const genre = filters.genre ?? '';
  const paid = filters.paid ?? '';
  if (region !== '' && !CINEMA_REGIONS.includes(region)) {
    throw invalid(t.unknownFilter(t.rowNames.region, region), 'filters.region');
  }
  if (genre !== '' && !genresOf(pinyin).includes(genre)) {
    throw invalid(t.unknownFilter(t.rowNames.genre, genre), 'filters.genre');
  }
  const yearEntry = yearOptions(currentYear).find((entry) => entry.option.value === year);
  if (year !== '' && !yearEntry) {
    throw invalid(t.unknownFilter(t.rowNames.year, year), 'filters.year');
  }
  return {
    applied: { region, year, genre, paid },
    filter: {
      region: region || null,
      years: yearEntry?.range ?? null,
      genre: genre || null,
      vip: paid === '' ? null : paid === 'vip' ? 1 : 0,
    },
  };
}
