import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * True counts (decision 034). Sites seeded before issue 12 show made-up counters with no rows
 * behind them; since then every like, favourite, comment, danmaku and follow moves its counter
 * with its row. This sets each counter to what its rows say, once:
 *
 * - items.digg_count: its `item_diggs`; favorite_count: its `favorites`;
 * - items.comment_count: its comments and replies everyone sees (state visible), as the comment
 *   module counts them; danmaku_count: its visible danmaku;
 * - users.followers_count / following_count: the `follows` rows naming them.
 *
 * play_count has no rows to count (a play leaves no row of its own) and is left as it is.
 * Every counter goes to zero, then takes its rows' count from one grouped subquery per table
 * (UPDATE ... FROM: SQLite 3.33+ and PostgreSQL), so a large table is read once, not once per
 * item. Frozen: plain SQL, no app code.
 */

const ITEM_COUNTS = [
  ['digg_count', sql`select item_id, count(*) as n from item_diggs group by item_id`],
  ['favorite_count', sql`select item_id, count(*) as n from favorites group by item_id`],
  [
    'comment_count',
    sql`select item_id, count(*) as n from comments where state = 'visible' group by item_id`,
  ],
  [
    'danmaku_count',
    sql`select item_id, count(*) as n from danmaku where state = 'visible' group by item_id`,
  ],
] as const;

const USER_COUNTS = [
  [
    'followers_count',
    sql`select followee_id as user_id, count(*) as n from follows group by followee_id`,
  ],
  [
    'following_count',
    sql`select follower_id as user_id, count(*) as n from follows group by follower_id`,
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update items set digg_count = 0, favorite_count = 0, comment_count = 0, danmaku_count = 0`.execute(
    db,
  );
  for (const [column, counts] of ITEM_COUNTS) {
    await sql`update items set ${sql.ref(column)} = t.n from (${counts}) as t where t.item_id = items.id`.execute(
      db,
    );
  }
  await sql`update users set followers_count = 0, following_count = 0`.execute(db);
  for (const [column, counts] of USER_COUNTS) {
    await sql`update users set ${sql.ref(column)} = t.n from (${counts}) as t where t.user_id = users.id`.execute(
      db,
    );
  }
}

/** The made-up numbers are gone for good: there is nothing to put back. */
export function down(): Promise<void> {
  return Promise.resolve();
}
