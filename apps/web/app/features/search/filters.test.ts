import { describe, expect, it } from 'vitest';
import { filtersOf, resultsPath } from './filters.ts';

describe('search filters', () => {
  it('reads the defaults from a bare address and leaves them out of a path', () => {
    const filters = filtersOf(new URLSearchParams(''));
    expect(filters).toEqual({
      type: 'all',
      sort: 'relevance',
      duration: 'all',
      publish_time: 'all',
    });
    expect(filters && resultsPath('/search/a', filters)).toBe('/search/a');
  });

  it('round-trips a tab and filters', () => {
    const filters = filtersOf(new URLSearchParams('type=lvideo&sort=newest&duration=xlong'));
    expect(filters && resultsPath('/search/a', filters)).toBe(
      '/search/a?type=lvideo&sort=newest&duration=xlong',
    );
  });

  it('refuses a value that does not exist', () => {
    expect(filtersOf(new URLSearchParams('type=live'))).toBeUndefined();
    expect(filtersOf(new URLSearchParams('sort=hot'))).toBeUndefined();
  });
});
