import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CommentImagesTable } from '@melon/db/tables/comments';

export type CommentImageRow = Selectable<CommentImagesTable>;

export async function insertCommentImage(
  db: Kysely<Database>,
  row: Insertable<CommentImagesTable>,
): Promise<void> {
  await db.insertInto('comment_images').values(row).execute();
}

/** The stored picture at `uri`, whoever uploaded it. */
export function findCommentImage(
  db: Kysely<Database>,
  uri: string,
): Promise<CommentImageRow | undefined> {
  return db.selectFrom('comment_images').selectAll().where('uri', '=', uri).executeTakeFirst();
}
