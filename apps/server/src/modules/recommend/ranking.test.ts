import { describe, expect, it } from 'vitest';
import {
  AUTHOR_CAP,
  AUTHOR_WINDOW,
  EXPLORATION_SLOT,
  affinityOf,
  decayedPopularity,
  isFinished,
  mixList,
  type Candidate,
} from './ranking.ts';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 26);

/** `count` candidates, best first, the first `byFirst` of them by author a0. */
function candidates(count: number, authors: number, byFirst = 0): Candidate[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `c${String(i).padStart(3, '0')}`,
    authorId: i < byFirst ? 'a0' : `a${(i % authors) + 1}`,
    score: count - i,
  }));
}

function maxByOneAuthorInAnyWindow(list: string[], all: Candidate[]): number {
  const author = new Map(all.map((c) => [c.id, c.authorId]));
  let max = 0;
  for (let start = 0; start + AUTHOR_WINDOW <= list.length; start += 1) {
    const counts = new Map<string, number>();
    for (const id of list.slice(start, start + AUTHOR_WINDOW)) {
      const a = author.get(id) ?? '';
      counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    max = Math.max(max, ...counts.values());
  }
  return max;
}

describe('mixList', () => {
  it('keeps at most 2 cards by one author in any 10, though the best 8 are one author’s', () => {
    const ranked = candidates(100, 6, 8);
    const list = mixList({ ranked, fresh: [], length: 60 });
    expect(list).toHaveLength(60);
    expect(maxByOneAuthorInAnyWindow(list, ranked)).toBeLessThanOrEqual(AUTHOR_CAP);
    // The best card still comes first, and the author's others wait rather than vanish.
    expect(list[0]).toBe('c000');
    expect(list.filter((id) => Number(id.slice(1)) < 8)).toHaveLength(8);
  });

  it('gives one card in ten to a new item, at the same place of every block', () => {
    const ranked = candidates(60, 10);
    const fresh = [0, 1, 2, 3].map((i) => ({ id: `new${i}`, authorId: `n${i}`, score: 0 }));
    const list = mixList({ ranked, fresh, length: 50 });
    const places = list.flatMap((id, index) => (id.startsWith('new') ? [index] : []));
    expect(places).toEqual([0, 1, 2, 3].map((block) => block * AUTHOR_WINDOW + EXPLORATION_SLOT));
    expect(list.slice(0, 3)).toEqual(['c000', 'c001', 'c002']);
  });

  it('names an item once, even when it is both ranked and new', () => {
    const ranked = candidates(20, 10);
    const list = mixList({ ranked, fresh: [ranked[0] as Candidate], length: 40 });
    expect(new Set(list).size).toBe(list.length);
    expect(list).toHaveLength(20);
  });

  it('goes on with one author’s items when no other author is left', () => {
    const ranked = candidates(12, 1, 12);
    expect(mixList({ ranked, fresh: [], length: 30 })).toHaveLength(12);
  });
});

describe('decayedPopularity', () => {
  const row = (plays: number, ageHours: number) => ({
    play_count: plays,
    digg_count: 0,
    favorite_count: 0,
    publish_time: now - ageHours * HOUR,
  });

  it('grows with plays and shrinks with age, never to zero', () => {
    expect(decayedPopularity(row(1000, 1), now)).toBeGreaterThan(
      decayedPopularity(row(10, 1), now),
    );
    expect(decayedPopularity(row(1000, 1), now)).toBeGreaterThan(
      decayedPopularity(row(1000, 240), now),
    );
    expect(decayedPopularity(row(0, 24 * 365), now)).toBeGreaterThan(0);
  });

  it('lets a day-old video with 10 plays pass a ten-day-old one with 1000', () => {
    expect(decayedPopularity(row(10, 25), now)).toBeGreaterThan(
      decayedPopularity(row(1000, 240), now),
    );
  });

  it('weighs a like as two plays and a favourite as four', () => {
    const liked = { ...row(0, 1), digg_count: 5 };
    const favoured = { ...row(0, 1), favorite_count: 5 };
    expect(decayedPopularity(liked, now)).toBeCloseTo(decayedPopularity(row(10, 1), now));
    expect(decayedPopularity(favoured, now)).toBeCloseTo(decayedPopularity(row(20, 1), now));
  });
});

describe('isFinished', () => {
  it('is true from nine tenths of the length on', () => {
    expect(isFinished(61_500, 61_500)).toBe(true);
    expect(isFinished(55_350, 61_500)).toBe(true);
    expect(isFinished(55_000, 61_500)).toBe(false);
    expect(isFinished(0, 0)).toBe(false);
  });
});

describe('affinityOf', () => {
  it('scales each source by its largest weight and adds the sources', () => {
    const affinity = affinityOf([
      {
        items: [
          { itemId: 'a', weight: 10 },
          { itemId: 'b', weight: 5 },
        ],
        factor: 4,
      },
      { items: [{ itemId: 'b', weight: 1 }], factor: 3 },
      { items: [], factor: 2 },
    ]);
    expect(affinity.get('a')).toBe(4);
    expect(affinity.get('b')).toBe(5);
  });
});
