import { describe, it, expect } from 'vitest';
import { createIdGenerator } from './id.ts';
import { isMixId } from './id-rules.ts';

const INT64_MAX = (1n << 63n) - 1n;

function isStrictlyIncreasing(ids: readonly string[]): boolean {
  return ids.every((id, i) => i === 0 || BigInt(id) > BigInt(ids[i - 1] ?? ''));
}

function take(next: () => string, count: number): string[] {
  return Array.from({ length: count }, () => next());
}

/** A clock that plays back the given readings, then stays at the last one. */
function clock(...readings: number[]): () => number {
  let i = 0;
  return () => readings[Math.min(i++, readings.length - 1)] ?? 0;
}

describe('createIdGenerator', () => {
  it('makes 100k unique, strictly increasing 19-digit ids that satisfy isMixId', () => {
    const ids = take(createIdGenerator(), 100_000);
    expect(new Set(ids).size).toBe(ids.length);
    expect(isStrictlyIncreasing(ids)).toBe(true);
    for (const id of ids) {
      expect(id).toMatch(/^[1-9][0-9]{18}$/);
      expect(isMixId(id)).toBe(true);
      expect(BigInt(id) <= INT64_MAX).toBe(true);
    }
  });

  it.each([
    ['a frozen clock', clock(Date.UTC(2025, 5, 1))],
    ['a clock stepping back', clock(Date.UTC(2025, 5, 1), Date.UTC(2025, 5, 1) - 60_000)],
    ['a clock before the epoch', clock(Date.UTC(2020, 0, 1))],
  ])('stays strictly increasing with %s', (_label, now) => {
    const ids = take(createIdGenerator({ now }), 20_000);
    expect(isStrictlyIncreasing(ids)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ['the epoch', Date.UTC(2024, 0, 1), '1000000000000000000'],
    ['one millisecond later', Date.UTC(2024, 0, 1) + 1, String(10n ** 18n + (1n << 22n))],
    ['in 2085', Date.UTC(2085, 11, 31), undefined],
  ])('is 19 digits and below 2^63 at %s', (_label, at, expected) => {
    const id = createIdGenerator({ now: () => at })();
    expect(id).toMatch(/^[1-9][0-9]{18}$/);
    expect(BigInt(id) <= INT64_MAX).toBe(true);
    if (expected !== undefined) expect(id).toBe(expected);
  });

  it('orders by time: a later millisecond beats a full earlier one', () => {
    let at = Date.UTC(2025, 0, 1);
    const next = createIdGenerator({ now: () => at });
    const early = take(next, 3000).at(-1) ?? '';
    at += 1000;
    expect(BigInt(next()) > BigInt(early)).toBe(true);
  });

  it('gives distinct ids to distinct workers in the same millisecond', () => {
    const now = () => Date.UTC(2025, 0, 1);
    const ids = [0, 1, 1023].flatMap((workerId) =>
      take(createIdGenerator({ workerId, now }), 1000),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([[-1], [1024], [1.5], [Number.NaN]])('rejects worker id %d', (workerId) => {
    expect(() => createIdGenerator({ workerId })).toThrow(RangeError);
  });

  it('refuses to run past its time range', () => {
    const next = createIdGenerator({ now: () => Date.UTC(2090, 0, 1) });
    expect(() => next()).toThrow(RangeError);
  });
});
