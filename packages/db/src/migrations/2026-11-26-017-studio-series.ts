import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Creator certification applications (issue 14, decision 046). Series need no new column: a
 * series is an item whose title, abstract and covers are its name, description and cover.
 *
 * - `certification_applications`: one application of a user for a kind (`interest` 兴趣认证 or
 *   `profession` 职业认证): `field` is the field of interest or the profession, `real_name` and
 *   `proof` the profession's, `works` the representative works' links (one a line). `state` is
 *   `pending` until an operator approves or rejects it (`reason` says why); the partial unique
 *   index keeps one pending application per user and kind, so a resubmission after a rejection
 *   is a new row and the history stays.
 *
 * Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certification_applications')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`length(id) = 19`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('interest', 'profession')`))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('field', 'text', (c) => c.notNull().check(sql`length(field) between 1 and 20`))
    .addColumn('real_name', 'text', (c) => c.check(sql`length(real_name) between 1 and 20`))
    .addColumn('proof', 'text', (c) => c.check(sql`length(proof) <= 500`))
    .addColumn('works', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(works) <= 2000`),
    )
    .addColumn('reason', 'text', (c) => c.check(sql`length(reason) <= 200`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('certification_applications_user_idx')
    .on('certification_applications')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('certification_applications_pending_idx')
    .on('certification_applications')
    .columns(['user_id', 'kind'])
    .unique()
    .where(sql<boolean>`state = 'pending'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('certification_applications').execute();
}
