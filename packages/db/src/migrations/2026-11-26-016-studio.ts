import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The creator studio (issue 14, decision 045): a video's opening and ending marks, set by its
 * author, which the player's skip op/ed reads (an album episode keeps its own in
 * `album_episodes`). Milliseconds from the start; null: no mark. Frozen: change the schema in a
 * new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('opening_ms', 'integer', (c) => c.check(sql`opening_ms >= 0`))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('ending_ms', 'integer', (c) => c.check(sql`ending_ms >= 0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('ending_ms').execute();
  await db.schema.alterTable('items').dropColumn('opening_ms').execute();
}
