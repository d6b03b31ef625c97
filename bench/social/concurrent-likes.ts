import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { ensureDefaultChannels } from '../../apps/server/src/modules/channel/ensure-default-channels.ts';
import { createFavoriteService } from '../../apps/server/src/modules/favorite/favorite.service.ts';
import { createItem, createUser } from '../../apps/server/src/testing/factories.ts';

export interface LikesRun {
  dialect: 'sqlite' | 'postgres';
  writers: number;
  items: number;
  seconds: number;
  /** Likes and cancels through the service (row + counter in one transaction) per second. */
  melonPerSecond: number;
  /** The same number of writers storing and removing bare like rows, no counter, per second. */
  barePerSecond: number;
  /** Items whose digg_count differs from their rows after the run: 0 is the target. */
  wrongCounters: number;
  /** Σ|digg_count − rows| over the items. */
  countError: number;
}

interface Workload {
  db: Kysely<Database>;
  users: string[];
  items: string[];
}

/** A fresh database of the dialect with `writers` users and `items` items by one author. */
async function prepare(writers: number, items: number) {
  const opened = await createTestDatabase();
  const newId = createIdGenerator();
  await ensureDefaultChannels(opened.db);
  const author = await createUser(opened.db, newId);
  const users = await Promise.all(
    Array.from({ length: writers }, () => createUser(opened.db, newId)),
  );
  const itemIds: string[] = [];
  for (let i = 0; i < items; i += 1) itemIds.push(await createItem(opened.db, newId, author));
  return { opened, workload: { db: opened.db, users, items: itemIds } };
}

/**
 * Runs `act` from every user at once, each in a loop on a random item until `seconds` pass;
 * answers the acts done per second.
 */
async function hammer(
  workload: Workload,
  seconds: number,
  act: (userId: string, itemId: string, like: boolean) => Promise<unknown>,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let seed = 1768;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  await Promise.all(
    workload.users.map(async (userId) => {
      while (performance.now() < deadline) {
        const itemId = workload.items[Math.floor(random() * workload.items.length)] ?? '';
        await act(userId, itemId, random() < 0.6);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

/** Items whose counter is not the number of their like rows, and by how much in all. */
async function audit(db: Kysely<Database>): Promise<{ wrong: number; error: number }> {
  const rows = await db
    .selectFrom('items as i')
    .select([
      'i.digg_count',
      sql<number | string>`(select count(*) from item_diggs d where d.item_id = i.id)`.as('rows'),
    ])
    .execute();
  let wrong = 0;
  let error = 0;
  for (const row of rows) {
    const gap = Math.abs(row.digg_count - Number(row.rows));
    if (gap > 0) wrong += 1;
    error += gap;
  }
  return { wrong, error };
}

/**
 * 50 writers liking and cancelling at once on one database of `dialect` (MELON_TEST_DIALECT is
 * set for the run): Melon's service, then bare row writes with no counter as the ceiling.
 */
export async function runConcurrentLikes(
  dialect: 'sqlite' | 'postgres',
  options: { writers: number; items: number; seconds: number },
): Promise<LikesRun> {
  process.env.MELON_TEST_DIALECT = dialect;
  const melon = await prepare(options.writers, options.items);
  try {
    const service = createFavoriteService({ db: melon.opened.db });
    const melonPerSecond = await hammer(melon.workload, options.seconds, (userId, itemId, like) =>
      service.digg(userId, itemId, like),
    );
    const { wrong, error } = await audit(melon.opened.db);

    const bare = await prepare(options.writers, options.items);
    try {
      const db = bare.opened.db;
      const barePerSecond = await hammer(bare.workload, options.seconds, (userId, itemId, like) =>
        like
          ? db
              .insertInto('item_diggs')
              .values({ item_id: itemId, user_id: userId, created_at: Date.now() })
              .onConflict((oc) => oc.columns(['item_id', 'user_id']).doNothing())
              .execute()
          : db
              .deleteFrom('item_diggs')
              .where('item_id', '=', itemId)
              .where('user_id', '=', userId)
              .execute(),
      );
      return {
        dialect,
        ...options,
        melonPerSecond,
        barePerSecond,
        wrongCounters: wrong,
        countError: error,
      };
    } finally {
      await bare.opened.close();
    }
  } finally {
    await melon.opened.close();
  }
}
