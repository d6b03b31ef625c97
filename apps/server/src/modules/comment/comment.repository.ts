import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CommentState } from '@melon/db/tables/comments';
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
 * and, for the video's author, every held one (to approve or delete); `canSee` of
 * comment.policy.ts in SQL.
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

/** A comment as a list shows it. */
export function findListed(db: Kysely<Database>, id: string): Promise<ListedRow> {
  return selectListed(db).where('c.id', '=', id).executeTakeFirstOrThrow();
}

/** A comment as a list shows it, when the reader may see it. */
export function findListedFor(
  db: Kysely<Database>,
  id: string,
  reader: Reader,
): Promise<ListedRow | undefined> {
  return selectListed(db)
    .where('c.id', '=', id)
    .where((eb) => visibleTo(eb, reader))
    .executeTakeFirst();
}

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

export async function insertComment(
  db: Kysely<Database>,
  row: Insertable<Database['comments']>,
): Promise<void> {
  await db.insertInto('comments').values(row).execute();
}

/**
 * Deletes the comment and its replies (whatever their state); answers how many of them everyone
 * saw until now, which leave the item's comment_count.
 */
export async function deleteWithReplies(db: Kysely<Database>, id: string): Promise<number> {
  const gone = await db
    .updateTable('comments')
    .set({ state: 'deleted' })
    .where((eb) => eb.or([eb('id', '=', id), eb('root_id', '=', id)]))
    .where('state', '=', 'visible')
    .executeTakeFirst();
  await db
    .updateTable('comments')
    .set({ state: 'deleted' })
    .where((eb) => eb.or([eb('id', '=', id), eb('root_id', '=', id)]))
    .where('state', '!=', 'deleted')
    .execute();
  return Number(gone.numUpdatedRows);
}

/** Shows the comment to everyone (an approval). */
export async function markVisible(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('comments').set({ state: 'visible' }).where('id', '=', id).execute();
}
