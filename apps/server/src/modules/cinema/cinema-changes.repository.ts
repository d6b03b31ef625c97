import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { compiledQuery, type Params } from '@melon/db/compiled-query';
import type { Database } from '@melon/db/database';

/*
 * The cinema's change log (migration 2026-12-07-033, decision 073): the albums written since a
 * reader last looked, whoever wrote them. Triggers write it; the album snapshot reads it.
 */

type Db = Kysely<Database>;

/**
 * Where a reader of the log stands. SQLite: the last id read (ids grow in commit order there).
 * PostgreSQL: the oldest transaction still open when it last read (an xid8, as text), since
 * a transaction that took a lower id may commit after a higher one is read.
 */
export type ChangeCursor = { after: number } | { openSince: string };

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The oldest transaction open now, or the next one when none is. */
const OLDEST_OPEN = sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`;

/** Where a reader starts that reads everything after now. */
export async function currentCursor(db: Db): Promise<ChangeCursor> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ open_since: string }>`select ${OLDEST_OPEN} as open_since`.execute(
      db,
    );
    return { openSince: rows[0]?.open_since ?? '0' };
  }
  const row = await db
    .selectFrom('cinema_changes')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return { after: row?.last ?? 0 };
}

const sqliteChanges = compiledQuery((db, p: Params<{ after: number }>) =>
  db
    .selectFrom('cinema_changes')
    .select(['id', 'album_id'])
    .where('id', '>', p.after)
    .orderBy('id'),
);

/**
 * One row always (the cursor read in the same snapshot as the changes), with each change's
 * album, or null beside the cursor when there is none.
 */
const postgresChanges = compiledQuery((db, p: Params<{ openSince: string }>) =>
  db
    .selectFrom(sql<{ open_since: string }>`(select ${OLDEST_OPEN} as open_since)`.as('now'))
    .leftJoin('cinema_changes as c', (join) =>
      join.on(sql`c.xid`, '>=', sql`cast(${p.openSince} as xid8)`),
    )
    .select(['now.open_since', 'c.album_id']),
);

/**
 * The albums written after the cursor, each once, and where the reader stands now. PostgreSQL
 * answers again the changes of transactions that were open at the last read: reloading an album
 * twice is harmless, missing one is not.
 */
export async function changesSince(
  db: Db,
  cursor: ChangeCursor,
): Promise<{ albumIds: Set<string>; cursor: ChangeCursor }> {
  if ('openSince' in cursor) {
    const rows = await postgresChanges.execute(db, cursor);
    const albumIds = new Set(rows.flatMap((row) => row.album_id ?? []));
    return { albumIds, cursor: { openSince: rows[0]?.open_since ?? cursor.openSince } };
  }
  const rows = await sqliteChanges.execute(db, cursor);
  const albumIds = new Set(rows.map((row) => row.album_id));
  return { albumIds, cursor: { after: rows.at(-1)?.id ?? cursor.after } };
}

/** Changes logged before the time (ms); answers how many went. */
export async function deleteChangesBefore(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('cinema_changes')
    .where('changed_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
