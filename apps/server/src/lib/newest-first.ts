import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';

/**
 * A place in a list ordered newest first, ties broken by the larger id first (the favourites,
 * the watch history, the fan and follow lists): the time and id of the entry a page ends on.
 */
export interface ListPosition {
  time: number;
  id: string;
}

/**
 * The text cursor of a position, `<time><separator><id>`. Each list keeps the separator its
 * call's schema checks (`:` favourites, `-` history, `_` fans and follows).
 */
export const positionCursor = (position: ListPosition, separator: string): string =>
  `${position.time}${separator}${position.id}`;

/** The position a `positionCursor` names (the call's schema has checked its shape). */
export function parsePositionCursor(cursor: string, separator: string): ListPosition {
  const [time = '0', id = ''] = cursor.split(separator);
  return { time: Number(time), id };
}

/** The rows that come after `position` in the order (time desc, id desc): older, or as old with a smaller id. */
export function olderThan<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: { time: StringReference<DB, TB>; id: StringReference<DB, TB> },
  position: ListPosition,
): Expression<SqlBool> {
  const time = eb.ref(columns.time);
  const id = eb.ref(columns.id);
  return sql<SqlBool>`(${time} < ${position.time} or (${time} = ${position.time} and ${id} < ${position.id}))`;
}

/**
 * Of the `count + 1` rows read for a page (the one past it tells whether another page exists):
 * the page's rows, and the cursor of the page after it, undefined on the last page. The cursor
 * is taken from the page's last row read, so a page moves past rows the caller leaves out.
 */
export function readPage<Row>(
  fetched: readonly Row[],
  count: number,
  cursorAfter: (row: Row) => string,
): { rows: Row[]; hasMore: boolean; cursor: string | undefined } {
  const rows = fetched.slice(0, count);
  const last = rows.at(-1);
  const hasMore = fetched.length > count;
  return { rows, hasMore, cursor: hasMore && last !== undefined ? cursorAfter(last) : undefined };
}
