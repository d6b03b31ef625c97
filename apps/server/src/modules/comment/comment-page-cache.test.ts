import { describe, expect, it } from 'vitest';
import { createCommentPageCache } from './comment-page-cache.ts';

function setup(limits = { maxItems: 2, maxPerItem: 2 }) {
  let time = 0;
  const builds: string[] = [];
  const cache = createCommentPageCache<string>({ ttlMs: 1000, ...limits, now: () => time });
  const get = (itemId: string, key: string) =>
    cache.get(itemId, key, () => {
      builds.push(`${itemId}/${key}`);
      return Promise.resolve(`${itemId}/${key}@${time}`);
    });
  return { cache, get, builds, advance: (ms: number) => (time += ms) };
}

describe('the comment page cache', () => {
  it('builds an answer once while it lives, and again once it has expired', async () => {
    const { get, builds, advance } = setup();
    const [a, b] = await Promise.all([get('v1', 'p1'), get('v1', 'p1')]);
    expect([a, b]).toEqual(['v1/p1@0', 'v1/p1@0']);
    advance(999);
    expect(await get('v1', 'p1')).toBe('v1/p1@0');
    advance(1);
    expect(await get('v1', 'p1')).toBe('v1/p1@1000');
    expect(builds).toEqual(['v1/p1', 'v1/p1']);
  });

  it("forgets every answer of one item, and only that item's", async () => {
    const { cache, get, builds } = setup();
    await get('v1', 'p1');
    await get('v1', 'p2');
    await get('v2', 'p1');
    cache.forget('v1');
    await get('v1', 'p1');
    await get('v1', 'p2');
    await get('v2', 'p1');
    expect(builds).toEqual(['v1/p1', 'v1/p2', 'v2/p1', 'v1/p1', 'v1/p2']);
  });

  it('keeps no failed build', async () => {
    const { cache } = setup();
    await expect(cache.get('v1', 'p1', () => Promise.reject(new Error('db')))).rejects.toThrow();
    expect(await cache.get('v1', 'p1', () => Promise.resolve('ok'))).toBe('ok');
  });

  it('drops the oldest item, and the oldest answer of an item, past its bounds', async () => {
    const { get, builds } = setup();
    await get('v1', 'p1');
    await get('v1', 'p2');
    await get('v1', 'p3');
    await get('v1', 'p1');
    await get('v2', 'p1');
    await get('v3', 'p1');
    await get('v1', 'p3');
    expect(builds).toEqual(['v1/p1', 'v1/p2', 'v1/p3', 'v1/p1', 'v2/p1', 'v3/p1', 'v1/p3']);
  });
});
