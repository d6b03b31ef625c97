import { describe, expect, it } from 'vitest';
import { createDanmakuPool } from './danmaku-pool.ts';
import { testDanmaku as view } from './danmaku-view.testing.ts';

describe('danmaku pool', () => {
  it('keeps play order and ignores what it already knows', () => {
    const pool = createDanmakuPool();
    const [a, b, c] = [view(3000), view(1000), view(2000)];
    expect(pool.addMany([a, b, c]).map((v) => v.id)).toEqual([a.id, b.id, c.id]);
    expect(pool.list.map((v) => v.offset_ms)).toEqual([1000, 2000, 3000]);
    expect(pool.addMany([a, view(1500)])).toHaveLength(1);
    expect(pool.add(b)).toBe(false);
    expect(pool.list.map((v) => v.offset_ms)).toEqual([1000, 1500, 2000, 3000]);
  });

  it('tells subscribers about changes only, with a new list each time', () => {
    const pool = createDanmakuPool();
    let calls = 0;
    const stop = pool.subscribe(() => {
      calls += 1;
    });
    const first = pool.list;
    const a = view(10);
    pool.add(a);
    expect(calls).toBe(1);
    expect(pool.list).not.toBe(first);
    pool.add(a);
    expect(calls).toBe(1);
    stop();
    pool.add(view(20));
    expect(calls).toBe(1);
  });

  it('turns a local send into the stored one, reachable under both ids', () => {
    const pool = createDanmakuPool();
    const local = view(500, { id: 'local-1', sender_id: '9' });
    pool.add(local);
    const stored = { ...local, id: '7000000000000099999' };
    pool.confirm('local-1', stored);
    expect(pool.list).toEqual([stored]);
    expect(pool.get('local-1')).toEqual(stored);
    expect(pool.has(stored.id)).toBe(true);
    // The live echo of the same danmaku adds nothing.
    expect(pool.add(stored)).toBe(false);
    expect(pool.setLikes('local-1', 4)).toBe(true);
    expect(pool.get(stored.id)?.like_count).toBe(4);
  });

  it('answers every id a removed danmaku went by, its local one included', () => {
    const pool = createDanmakuPool();
    const local = view(500, { id: 'local-3' });
    pool.add(local);
    const stored = { ...local, id: '7000000000000077777' };
    pool.confirm('local-3', stored);
    expect(pool.remove(stored.id)).toEqual([stored.id, 'local-3']);
    expect(pool.has('local-3')).toBe(false);
    expect(pool.list).toEqual([]);
  });

  it('confirms a send whose live echo came first without a duplicate', () => {
    const pool = createDanmakuPool();
    const local = view(500, { id: 'local-2' });
    pool.add(local);
    const stored = { ...local, id: '7000000000000088888' };
    pool.add(stored);
    pool.confirm('local-2', stored);
    expect(pool.list).toEqual([stored]);
  });

  it('removes, and answers unknown likes with false', () => {
    const pool = createDanmakuPool();
    const a = view(1);
    pool.add(a);
    expect(pool.remove(a.id)).toEqual([a.id]);
    expect(pool.remove(a.id)).toEqual([]);
    expect(pool.list).toEqual([]);
    expect(pool.setLikes(a.id, 1)).toBe(false);
  });
});
