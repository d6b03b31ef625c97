import { describe, expect, it } from 'vitest';
import { TO_PLAY_MAX_ENTRIES } from '@melon/shared/contracts/to-play';
import {
  addLocal,
  LOCAL_BASKET_KEY,
  mergeLocalBasket,
  parseLocalBasket,
  readLocalBasket,
  removeLocal,
  writeLocalBasket,
} from './local-basket.ts';

/** A Storage over a Map, as the browser's behaves for these three methods. */
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const A = '7000000000000000001';
const B = '7000000000000000002';
const C = '7000000000000000003';

describe('the local basket', () => {
  it('reads only valid ids, once each, up to the cap', () => {
    expect(parseLocalBasket(null)).toEqual([]);
    expect(parseLocalBasket('not json')).toEqual([]);
    expect(parseLocalBasket('{"a":1}')).toEqual([]);
    expect(parseLocalBasket(JSON.stringify([A, 'x', 12, B, A, '0123456789012345678']))).toEqual([
      A,
      B,
    ]);
    const many = Array.from({ length: 250 }, (_, n) => String(7000000000000000000n + BigInt(n)));
    expect(parseLocalBasket(JSON.stringify(many))).toHaveLength(TO_PLAY_MAX_ENTRIES);
  });

  it('adds at the end once, refuses past the cap, removes', () => {
    expect(addLocal([A], B)).toEqual([A, B]);
    const same = [A, B];
    expect(addLocal(same, A)).toBe(same);
    const full = Array.from({ length: TO_PLAY_MAX_ENTRIES }, (_, n) => String(8e18 + n * 1000));
    expect(addLocal(full, A)).toBe('full');
    expect(removeLocal([A, B, C], B)).toEqual([A, C]);
  });

  it('writes and reads back, and an empty basket leaves no key', () => {
    const storage = memoryStorage();
    expect(writeLocalBasket(storage, [B, A])).toBe(true);
    expect(readLocalBasket(storage)).toEqual([B, A]);
    writeLocalBasket(storage, []);
    expect(storage.values.has(LOCAL_BASKET_KEY)).toBe(false);
  });

  it('answers false when storage refuses', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(writeLocalBasket(storage, [A])).toBe(false);
  });
});

describe('merging on sign-in', () => {
  it('sends the ids in order and clears them once the server has them', async () => {
    const storage = memoryStorage({ [LOCAL_BASKET_KEY]: JSON.stringify([B, A]) });
    const sent: string[][] = [];
    const answer = await mergeLocalBasket(storage, (ids) => {
      sent.push(ids);
      return Promise.resolve('merged');
    });
    expect(answer).toBe('merged');
    expect(sent).toEqual([[B, A]]);
    expect(readLocalBasket(storage)).toEqual([]);
  });

  it('keeps an id added while the merge was on its way', async () => {
    const storage = memoryStorage({ [LOCAL_BASKET_KEY]: JSON.stringify([A]) });
    await mergeLocalBasket(storage, () => {
      writeLocalBasket(storage, [A, C]);
      return Promise.resolve(null);
    });
    expect(readLocalBasket(storage)).toEqual([C]);
  });

  it('keeps everything when the merge fails, and sends nothing for an empty basket', async () => {
    const storage = memoryStorage({ [LOCAL_BASKET_KEY]: JSON.stringify([A, B]) });
    await expect(
      mergeLocalBasket(storage, () => Promise.reject(new Error('offline'))),
    ).rejects.toThrow('offline');
    expect(readLocalBasket(storage)).toEqual([A, B]);
    let called = false;
    const empty = memoryStorage();
    expect(
      await mergeLocalBasket(empty, () => {
        called = true;
        return Promise.resolve(1);
      }),
    ).toBeNull();
    expect(called).toBe(false);
  });
});
