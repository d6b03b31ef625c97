import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/**
 * Runs the work in a transaction: a new one, or the caller's when `db` is one already, so a
 * function that needs its writes atomic can also be one step of a larger transaction.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
