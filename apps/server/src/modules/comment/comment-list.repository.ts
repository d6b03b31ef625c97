import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { REPLY_PREVIEW_COUNT } from '@melon/shared/contracts/comment';
import type { HotCursor, TimeCursor } from './comment-cursor.ts';
import { selectListed, visibleTo, type ListedRow, type Reader } from './comment.repository.ts';

/**
 * The queries of the comment lists (decision 030). Each answers up to `limit` rows; the caller
 * asks for one more than a page to learn whether more follow.
 */

export interface ListScope {
  itemId: string;
  reader: Reader;
  /** Only comments the video's author wrote or replied to. */
  authorOnly: { authorId: string } | undefined;
  /** The pinned comment, shown apart from the order. */
  excludeId: string | undefined;
}

function rootsOf(db: Kysely<Database>, scope: ListScope) {
  let query = selectListed(db)
    .where('c.item_id', '=', scope.itemId)
    .where('c.root_id', 'is', null)
    .where((eb) => visibleTo(eb, scope.reader));
  if (scope.authorOnly) {
    const { authorId } = scope.authorOnly;
    query = query.where((eb) =>
      eb.or([eb('c.user_id', '=', authorId), eb('c.author_reply_count', '>', 0)]),
    );
  }
  if (scope.excludeId !== undefined) query = query.where('c.id', '!=', scope.excludeId);
  return query;
}

/** A comment of the hot order with its key at the list's snapshot time. */
export type HotRow = ListedRow & { key_at: number };

const hotAfter = (a: HotRow, b: HotRow) =>
  b.key_at - a.key_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The hot order as it stood at `at`: comments written by then, each with the key it held then,
 * highest first, after the cursor. Comments whose key has not changed since `at` come from the
 * live key's index; the few changed since take their key of then from the history; the two
 * never overlap, and are merged (one statement: two index reads joined with `union all`).
 */
export async function hotPage(
  db: Kysely<Database>,
  scope: ListScope,
  at: number,
  after: Pick<HotCursor, 'key' | 'id'> | undefined,
  limit: number,
): Promise<HotRow[]> {
  let unchanged = rootsOf(db, scope)
    .select('c.hot_key as key_at')
    .where('c.hot_key_since', '<=', at)
    .orderBy('c.hot_key', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit);
  let changed = rootsOf(db, scope)
    .innerJoin('comment_hot_history as h', 'h.comment_id', 'c.id')
    .select('h.hot_key as key_at')
    .where('h.item_id', '=', scope.itemId)
    .where('h.valid_to', '>', at)
    .where('h.valid_from', '<=', at)
    .where('c.hot_key_since', '>', at);
  if (after) {
    const { key, id } = after;
    unchanged = unchanged.where((eb) =>
      eb.or([eb('c.hot_key', '<', key), eb.and([eb('c.hot_key', '=', key), eb('c.id', '<', id)])]),
    );
    changed = changed.where((eb) =>
      eb.or([eb('h.hot_key', '<', key), eb.and([eb('h.hot_key', '=', key), eb('c.id', '<', id)])]),
    );
  }
  const rows = await db
    .selectFrom(unchanged.as('live'))
    .selectAll()
    .unionAll(
      db
        .selectFrom(
          changed.orderBy('h.hot_key', 'desc').orderBy('c.id', 'desc').limit(limit).as('past'),
        )
        .selectAll(),
    )
    .execute();
  return rows.sort(hotAfter).slice(0, limit);
}

/** Newest first, after the cursor. */
export function timePage(
  db: Kysely<Database>,
  scope: ListScope,
  after: Omit<TimeCursor, 'sort'> | undefined,
  limit: number,
): Promise<ListedRow[]> {
  let query = rootsOf(db, scope);
  if (after) {
    const { createdAt, id } = after;
    query = query.where((eb) =>
      eb.or([
        eb('c.created_at', '<', createdAt),
        eb.and([eb('c.created_at', '=', createdAt), eb('c.id', '<', id)]),
      ]),
    );
  }
  return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
}

/** A comment's replies the reader may see, oldest first, after the cursor. */
function repliesOf(
  db: Kysely<Database>,
  rootId: string,
  reader: Reader,
  after: Omit<TimeCursor, 'sort'> | undefined,
) {
  let query = selectListed(db)
    .where('c.root_id', '=', rootId)
    .where((eb) => visibleTo(eb, reader));
  if (after) {
    const { createdAt, id } = after;
    query = query.where((eb) =>
      eb.or([
        eb('c.created_at', '>', createdAt),
        eb.and([eb('c.created_at', '=', createdAt), eb('c.id', '>', id)]),
      ]),
    );
  }
  return query.orderBy('c.created_at', 'asc').orderBy('c.id', 'asc');
}

/** A comment's replies the reader may see, oldest first, after the cursor. */
export function replyPage(
  db: Kysely<Database>,
  rootId: string,
  reader: Reader,
  after: Omit<TimeCursor, 'sort'> | undefined,
  limit: number,
): Promise<ListedRow[]> {
  return repliesOf(db, rootId, reader, after).limit(limit).execute();
}

const oldestFirst = (a: ListedRow, b: ListedRow) =>
  a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The first replies of each comment, by comment id: one statement, each comment's replies an
 * index range read of their own (`union all`), so a comment with many replies costs no more.
 */
export async function replyPreviews(
  db: Kysely<Database>,
  rootIds: readonly string[],
  reader: Reader,
): Promise<Map<string, ListedRow[]>> {
  const [first, ...rest] = rootIds.map((rootId) =>
    db
      .selectFrom(repliesOf(db, rootId, reader, undefined).limit(REPLY_PREVIEW_COUNT).as('p'))
      .selectAll(),
  );
  const previews = new Map(rootIds.map((rootId) => [rootId, [] as ListedRow[]]));
  if (!first) return previews;
  const rows = await rest.reduce((query, part) => query.unionAll(part), first).execute();
  for (const row of rows.sort(oldestFirst)) {
    if (row.root_id !== null) previews.get(row.root_id)?.push(row);
  }
  return previews;
}
