import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertPlay } from './plays.repository.ts';
import { listTrending, TRENDING_WINDOW_MS } from './trending.repository.ts';

/* Trending on the dialect under test: recent plays weigh more, old and hidden ones not at all. */

let t: TestApp;
let author: string;
const NOW = 1_795_000_000_000;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
});
afterAll(() => t.close());

async function played(itemId: string, ...hoursAgo: number[]) {
  for (const hours of hoursAgo) {
    await insertPlay(t.db, {
      id: t.newId(),
      itemId,
      viewerKey: `w:${t.newId()}`,
      userId: null,
      playedAt: NOW - hours * HOUR,
    });
  }
}

describe('listTrending', () => {
  it('ranks by plays of the last day, the recent ones weighing more, hidden items never', async () => {
    const [fresh, many, old, hidden] = await Promise.all([
      createItem(t.db, t.newId, author),
      createItem(t.db, t.newId, author),
      createItem(t.db, t.newId, author),
      createItem(t.db, t.newId, author, { visibility: Visibility.Self }),
    ]);
    await played(fresh, 0, 1); // 1 + 23/24
    await played(many, 20, 20, 20); // 3 × 4/24 = 0.5
    await played(old, 25, 30, 48); // older than a day: nothing
    await played(hidden, 0, 0, 0, 0);

    const list = await listTrending(t.db, { now: NOW, limit: 10 });
    expect(list.map((entry) => entry.item_id)).toEqual([fresh, many]);
    expect(list[0]?.heat).toBeCloseTo(1 + 23 / 24, 6);
    expect(list[1]).toMatchObject({ item_id: many, plays: 3 });
    expect(list[1]?.heat).toBeCloseTo(0.5, 6);

    // Four hours on, the fresh item's plays have cooled and many's have left the window.
    const later = await listTrending(t.db, { now: NOW + 4 * HOUR + 1, limit: 10 });
    expect(later.map((entry) => entry.item_id)).toEqual([fresh]);
    expect(TRENDING_WINDOW_MS).toBe(24 * HOUR);
  });

  it('keeps to the limit', async () => {
    expect(await listTrending(t.db, { now: NOW, limit: 1 })).toHaveLength(1);
  });
});
