import type { ExpressionBuilder, Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import type { CommentState, Database } from '@melon/db/database';
import type { ViewerId } from '../item/item.policy.ts';
import { hotKey } from './hot-score.ts';

/** What a list shows of a comment: the row, its writer and whom a reply answers. */
const LISTED = [
  'c.id',
  'c.item_id',
  'c.user_id',
  'c.root_id',
  'c.text',
  'c.image_uri',
  'c.state',
  'c.digg_count',
  'c.reply_count',
  'c.hot_key',
  'c.created_at',
  'u.name as user_name',
  'u.avatar_url as user_avatar_url',
  'r.id as reply_to_user_id',
  'r.name as reply_to_name',
  'r.avatar_url as reply_to_avatar_url',
] as const;

type CommentsBuilder = ExpressionBuilder<Database & { c: Database['comments'] }, 'c'>;

/** Who is reading a list: the viewer, and whether they are the video's author. */
export interface Reader {
  viewerId: ViewerId;
  isItemAuthor: boolean;
}

/**
 * The comments the reader may see: everyone's visible ones, their own filtered and held ones,
 * and, for the video's author, every held one (to approve or delete).
 */
export function visibleTo(eb: CommentsBuilder, { viewerId, isItemAuthor }: Reader) {
  const own = viewerId === null ? [] : [eb('c.user_id', '=', viewerId)];
  return eb.or([
    eb('c.state', '=', 'visible'),
    eb.and([eb('c.state', 'in', ['filtered', 'held'] as CommentState[]), eb.or(own)]),
    ...(isItemAuthor ? [eb('c.state', '=', 'held')] : []),
  ]);
}

/** Comments joined to their writers, for a list. */
export function selectListed(db: Kysely<Database>) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as r', 'r.id', 'c.reply_to_user_id')
    .select(LISTED);
}
export type ListedRow = Awaited<
  ReturnType<ReturnType<typeof selectListed>['executeTakeFirstOrThrow']>
>;

export function findComment(db: Kysely<Database>, id: string) {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}
export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

/**
 * Takes the comment's row until the transaction ends (PostgreSQL `for update`): writes that
 * read its counters and recompute its key run one after another. SQLite has one writer.
 */
export async function lockComment(trx: Kysely<Database>, id: string): Promise<CommentRow> {
  const query = trx.selectFrom('comments').selectAll().where('id', '=', id);
  const locked = trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
  return locked.executeTakeFirstOrThrow();
}

export interface CounterChange {
  digg_count?: number;
  reply_count?: number;
  author_reply_count?: number;
}

/**
 * Changes a comment's counters and its hot key together, keeping the key it had in the history
 * (until `now`) so a list paged from an earlier snapshot still reads the old key. Call with the
 * comment locked (`lockComment`) in the same transaction; answers the row after.
 */
export async function changeCounters(
  trx: Kysely<Database>,
  locked: CommentRow,
  change: CounterChange,
  clock: () => number,
): Promise<CommentRow> {
  const next = {
    digg_count: locked.digg_count + (change.digg_count ?? 0),
    reply_count: locked.reply_count + (change.reply_count ?? 0),
    author_reply_count: locked.author_reply_count + (change.author_reply_count ?? 0),
  };
  // Never before the key's own start: the history's intervals follow each other.
  const now = Math.max(clock(), locked.hot_key_since);
  const key = hotKey({
    diggs: next.digg_count,
    replies: next.reply_count,
    authorReplies: next.author_reply_count,
    createdAt: locked.created_at,
  });
  await trx
    .insertInto('comment_hot_history')
    .values({
      comment_id: locked.id,
      item_id: locked.item_id,
      hot_key: locked.hot_key,
      valid_from: locked.hot_key_since,
      valid_to: now,
    })
    .execute();
  await trx
    .updateTable('comments')
    .set({ ...next, hot_key: key, hot_key_since: now })
    .where('id', '=', locked.id)
    .execute();
  return { ...locked, ...next, hot_key: key, hot_key_since: now };
}

/** Of the comments, those the viewer likes. */
export async function diggedBy(
  db: Kysely<Database>,
  viewerId: ViewerId,
  commentIds: readonly string[],
): Promise<Set<string>> {
  if (viewerId === null || commentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('comment_diggs')
    .select('comment_id')
    .where('user_id', '=', viewerId)
    .where('comment_id', 'in', commentIds)
    .execute();
  return new Set(rows.map((row) => row.comment_id));
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

/**
 * What a signed-in viewer has on a page of the item, in one statement: which of the comments
 * they like, and whether they wrote a comment or reply there that only they see (filtered or
 * held; a list shows it to them and to no one else), read on the writer's index.
 */
export async function viewerMarks(
  db: Kysely<Database>,
  userId: string,
  itemId: string,
  commentIds: readonly string[],
): Promise<{ likes: Set<string>; hasHiddenComment: boolean }> {
  const hidden = db
    .selectFrom(
      db
        .selectFrom('comments')
        .select(['id', sql.lit('hidden').as('mark')])
        .where('user_id', '=', userId)
        .where('item_id', '=', itemId)
        .where('state', 'in', ['filtered', 'held'] as CommentState[])
        .limit(1)
        .as('h'),
    )
    .selectAll();
  const marks =
    commentIds.length === 0
      ? hidden
      : hidden.unionAll(
          db
            .selectFrom('comment_diggs')
            .select(['comment_id as id', sql.lit('like').as('mark')])
            .where('user_id', '=', userId)
            .where('comment_id', 'in', commentIds),
        );
  const rows = await marks.execute();
  return {
    likes: new Set(rows.filter((row) => row.mark === 'like').map((row) => row.id)),
    hasHiddenComment: rows.some((row) => row.mark === 'hidden'),
  };
}
