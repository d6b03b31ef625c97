import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** An item's media state with its author and its job's state and progress. */
export function findUploadProgress(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('items as i')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .leftJoin('jobs as j', 'j.id', 'm.job_id')
    .select([
      'i.id as item_id',
      'i.user_id',
      'm.state as media_state',
      'm.error_message',
      'j.state as job_state',
      'j.progress as job_progress',
      'j.attempts as job_attempts',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}
export type UploadProgressRow = NonNullable<Awaited<ReturnType<typeof findUploadProgress>>>;
