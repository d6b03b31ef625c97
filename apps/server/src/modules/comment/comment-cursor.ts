import { invalid } from '../../lib/domain-error.ts';
import { commentMessages } from './comment.messages.ts';

/**
 * Where a comment list goes on from (decision 030), carried in `offset` as base64url JSON.
 * - hot: the list's snapshot time and the last comment's key at that time, with its id;
 * - time (newest first) and replies (oldest first): the last comment's creation time and id.
 * Ties on the key or the time are broken by id, so every comment has one place.
 */
export type HotCursor = { sort: 'hot'; at: number; key: number; id: string };
export type TimeCursor = { sort: 'time'; createdAt: number; id: string };
export type CommentCursor = HotCursor | TimeCursor;

/** The `offset` of the first page. */
export const FIRST_PAGE = '0';

const ID = /^[0-9]{1,19}$/;

export function encodeCursor(cursor: CommentCursor): string {
  const fields =
    cursor.sort === 'hot'
      ? { s: 'h', t: cursor.at, k: cursor.key, i: cursor.id }
      : { s: 't', c: cursor.createdAt, i: cursor.id };
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function parse(offset: string): CommentCursor | undefined {
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(offset, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof fields !== 'object' || fields === null) return undefined;
  const { s, t, k, c, i } = fields as Record<string, unknown>;
  if (typeof i !== 'string' || !ID.test(i)) return undefined;
  if (s === 'h' && isTime(t) && typeof k === 'number' && Number.isFinite(k)) {
    return { sort: 'hot', at: t, key: k, id: i };
  }
  if (s === 't' && isTime(c)) return { sort: 'time', createdAt: c, id: i };
  return undefined;
}

/**
 * The cursor an `offset` carries for a list of the given order: undefined for the first page;
 * a 400 naming `offset` for anything else than a cursor this server made for that order.
 */
export function decodeCursor<S extends CommentCursor['sort']>(
  offset: string | undefined,
  sort: S,
): Extract<CommentCursor, { sort: S }> | undefined {
  if (offset === undefined || offset === FIRST_PAGE) return undefined;
  const cursor = parse(offset);
  if (cursor?.sort !== sort) throw invalid(commentMessages.badOffset, 'offset');
  return cursor as Extract<CommentCursor, { sort: S }>;
}
