import { describe, expect, it } from 'vitest';
import type { CinemaFilterRow } from '@melon/shared/contracts/cinema';
import {
  albumsBody,
  cinemaFilterPath,
  filterPath,
  isFiltered,
  parseFilters,
  type FilterState,
} from './filter-state.ts';

const option = (label: string, value: string) => ({ label, value });

/** The rows of a category as GET category answers them. */
const rows: CinemaFilterRow[] = [
  {
    key: 'genre',
    name: '类型',
    defaultValue: '',
    options: [option('全部', ''), option('剧情', '剧情'), option('科幻', '科幻')],
  },
  {
    key: 'region',
    name: '地区',
    defaultValue: '',
    options: [option('全部', ''), option('内地', '内地'), option('美国', '美国')],
  },
  {
    key: 'year',
    name: '年份',
    defaultValue: '',
    options: [option('全部', ''), option('2026', '2026'), option('10年代', '2010s')],
  },
  {
    key: 'paid',
    name: '付费',
    defaultValue: '',
    options: [option('全部', ''), option('免费', 'free'), option('会员', 'vip')],
  },
  {
    key: 'sort',
    name: '排序',
    defaultValue: 'hot',
    options: [option('最热', 'hot'), option('最新', 'new'), option('高分', 'score')],
  },
];

const base = '/cinema/filter/dianying';
const all: FilterState = { genre: '', region: '', year: '', paid: '', sort: 'hot' };

describe('the filter page address ⇄ its choices', () => {
  it('reads a bare address as 全部 in every row and 最热', () => {
    expect(parseFilters(new URLSearchParams(), rows)).toEqual({ state: all, canonical: true });
  });

  it('reads combined filters and the sort', () => {
    const parsed = parseFilters(new URLSearchParams('genre=科幻&year=2010s&sort=score'), rows);
    expect(parsed).toEqual({
      state: { ...all, genre: '科幻', year: '2010s', sort: 'score' },
      canonical: true,
    });
  });

  it('gives back the address it read, whatever the order of the query', () => {
    const state: FilterState = {
      genre: '剧情',
      region: '美国',
      year: '2026',
      paid: 'vip',
      sort: 'new',
    };
    const path = filterPath(base, state, rows);
    expect(path).toBe(
      `${base}?genre=%E5%89%A7%E6%83%85&region=%E7%BE%8E%E5%9B%BD&year=2026&paid=vip&sort=new`,
    );
    const query = new URL(path, 'http://x').searchParams;
    expect(parseFilters(query, rows)).toEqual({ state, canonical: true });
    const shuffled = new URLSearchParams([...query].reverse());
    expect(filterPath(base, parseFilters(shuffled, rows).state, rows)).toBe(path);
  });

  it('leaves defaults out of the address', () => {
    expect(filterPath(base, all, rows)).toBe(base);
    expect(filterPath(base, { ...all, paid: 'free' }, rows)).toBe(`${base}?paid=free`);
  });

  it('drops a value no row offers and marks the address for a redirect', () => {
    const parsed = parseFilters(new URLSearchParams('genre=武侠&region=美国&sort=random'), rows);
    expect(parsed.state).toEqual({ ...all, region: '美国' });
    expect(parsed.canonical).toBe(false);
    expect(filterPath(base, parsed.state, rows)).toBe(`${base}?region=%E7%BE%8E%E5%9B%BD`);
  });

  it('marks a spelled-out default for a redirect to the shorter address', () => {
    expect(parseFilters(new URLSearchParams('sort=hot'), rows)).toEqual({
      state: all,
      canonical: false,
    });
  });

  it('ignores what is not a filter', () => {
    expect(parseFilters(new URLSearchParams('utm_source=x&genre=剧情'), rows)).toEqual({
      state: { ...all, genre: '剧情' },
      canonical: true,
    });
  });

  it('tells a narrowed choice from a sort alone', () => {
    expect(isFiltered({ ...all, sort: 'new' }, rows)).toBe(false);
    expect(isFiltered({ ...all, year: '2026' }, rows)).toBe(true);
  });
});

describe('the filter call body', () => {
  it('carries every row and the page', () => {
    const state: FilterState = {
      genre: '科幻',
      region: '',
      year: '2026',
      paid: 'vip',
      sort: 'score',
    };
    expect(albumsBody('dianying', state, 24, 24)).toEqual({
      pinyin: 'dianying',
      filters: { genre: '科幻', region: '', year: '2026', paid: 'vip' },
      sort: 'score',
      offset: 24,
      count: 24,
    });
  });
});

describe('the filter page path', () => {
  it('keeps the /stream prefix when asked', () => {
    expect(cinemaFilterPath('dianshiju')).toBe('/cinema/filter/dianshiju');
    expect(cinemaFilterPath('dianshiju', true)).toBe('/stream/cinema/filter/dianshiju');
  });
});
