import { sql, type Kysely } from 'kysely';
import { compiledQuery, type Params } from '@melon/db/compiled-query';
import type { Database } from '@melon/db/database';
import type { CommentState } from '@melon/db/tables/comments';
import type { ViewerId } from '../item/item.policy.ts';

/* The likes (comment_diggs) and the pin (comment_pins) of comments, and what a page reads of them. */

/** Stores the user's like unless they already like the comment; answers whether stored. */
export async function insertDigg(
  db: Kysely<Database>,
  commentId: string,
  userId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('comment_diggs')
    .values({ comment_id: commentId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Takes the user's like back; answers whether there was one. */
export async function deleteDigg(
  db: Kysely<Database>,
  commentId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('comment_diggs')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Pins the comment on its item, in place of the item's pin if it has one. */
export async function pinComment(
  db: Kysely<Database>,
  itemId: string,
  commentId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('comment_pins')
    .values({ item_id: itemId, comment_id: commentId, created_at: now })
    .onConflict((oc) =>
      oc.column('item_id').doUpdateSet({ comment_id: commentId, created_at: now }),
    )
    .execute();
}

export async function unpinComment(db: Kysely<Database>, commentId: string): Promise<void> {
  await db.deleteFrom('comment_pins').where('comment_id', '=', commentId).execute();
}

/** Read on every signed-in page of comments: built and compiled once per page size (decision 072). */
const likedAmong = compiledQuery(
  (db, p: Params<{ userId: string; commentIds: readonly string[] }>) =>
    db
      .selectFrom('comment_diggs')
      .select('comment_id')
      .where('user_id', '=', p.userId)
      .where('comment_id', 'in', p.commentIds),
);

/** Of the comments, those the viewer likes. */
export async function diggedBy(
  db: Kysely<Database>,
  viewerId: ViewerId,
  commentIds: readonly string[],
): Promise<Set<string>> {
  if (viewerId === null || commentIds.length === 0) return new Set();
  const rows = await likedAmong.execute(db, { userId: viewerId, commentIds });
  return new Set(rows.map((row) => row.comment_id));
}

/**
 * Who wrote a comment or reply on the item that only they see (filtered or held; a list shows it
 * to them and to no one else), on the partial index of such comments (migration 031): the
 * states are written as literals, which is how SQLite knows the index holds the rows asked for.
 */
export async function hiddenCommentWriters(
  db: Kysely<Database>,
  itemId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('comments')
    .select('user_id')
    .distinct()
    .where('item_id', '=', itemId)
    .where('state', 'in', [sql.lit<CommentState>('filtered'), sql.lit<CommentState>('held')])
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** The comment the item's author pinned, if any. */
export async function pinnedOf(db: Kysely<Database>, itemId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('comment_pins')
    .select('comment_id')
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.comment_id;
}

/** What a page of the item's comments shows besides the rows: its pin and its comment_count. */
export async function listFactsOf(
  db: Kysely<Database>,
  itemId: string,
): Promise<{ pinnedId: string | undefined; total: number }> {
  const row = await db
    .selectFrom('items as i')
    .leftJoin('comment_pins as p', 'p.item_id', 'i.id')
    .select(['i.comment_count', 'p.comment_id'])
    .where('i.id', '=', itemId)
    .executeTakeFirstOrThrow();
  return { pinnedId: row.comment_id ?? undefined, total: row.comment_count };
}
