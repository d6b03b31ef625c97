import { sql, type Kysely } from 'kysely';

/*
 * One report per user and danmaku, as for videos, users and comments (issue 29): the repeats a
 * user filed before are dropped, keeping the first, and a unique index makes a later repeat store
 * nothing. Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from danmaku_reports
    where exists (
      select 1 from danmaku_reports as earlier
      where earlier.danmaku_id = danmaku_reports.danmaku_id
        and earlier.user_id = danmaku_reports.user_id
        and (
          earlier.created_at < danmaku_reports.created_at
          or (earlier.created_at = danmaku_reports.created_at and earlier.id < danmaku_reports.id)
        )
    )
  `.execute(db);
  await db.schema
    .createIndex('danmaku_reports_danmaku_user_uq')
    .unique()
    .on('danmaku_reports')
    .columns(['danmaku_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('danmaku_reports_danmaku_user_uq').execute();
}
