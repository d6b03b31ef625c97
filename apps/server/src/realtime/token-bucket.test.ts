import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.ts';

describe('TokenBucket', () => {
  it('lets a burst up to its capacity through, then holds to the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(10, 2, () => now);
    expect(bucket.take(5)).toBe(true);
    expect(bucket.take(5)).toBe(true);
    expect(bucket.take(1)).toBe(false);
    now += 500; // one token back
    expect(bucket.take(2)).toBe(false);
    expect(bucket.take(1)).toBe(true);
    now += 60_000; // refills to the capacity, no further
    for (let n = 0; n < 10; n++) expect(bucket.take(1)).toBe(true);
    expect(bucket.take(1)).toBe(false);
  });

  it('takes nothing on a refusal', () => {
    let now = 0;
    const bucket = new TokenBucket(4, 1, () => now);
    expect(bucket.take(3)).toBe(true);
    expect(bucket.take(5)).toBe(false);
    now += 1000;
    expect(bucket.take(2)).toBe(true);
  });
});
