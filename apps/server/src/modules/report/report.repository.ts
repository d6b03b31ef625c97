import type { Insertable, Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ReportsTable } from '@melon/db/tables/reports';

/**
 * Stores the report unless the reporter already reported the target: the unique key decides,
 * so two reports sent at the same moment store one row. Answers whether this one was stored.
 */
export async function insertReportOnce(
  db: Kysely<Database>,
  row: Insertable<ReportsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('reports')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['reporter_id', 'target_kind', 'target_id']).doNothing(),
    )
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

export function findUserId(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
}

/** What a comment report needs to know of the comment: its writer, item and state. */
export function findCommentForReport(db: Kysely<Database>, commentId: string) {
  return db
    .selectFrom('comments')
    .select(['id', 'user_id', 'item_id', 'state'])
    .where('id', '=', commentId)
    .executeTakeFirst();
}
