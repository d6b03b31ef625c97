import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './database.ts';

/**
 * Holds a user's row until the transaction ends, so one user's writes that check a limit or a
 * rule first (danmaku sends, shield words, a name change) run one after another. PostgreSQL
 * locks the row `for no key update`: the user's such writes wait for each other, while rows that
 * merely reference the user (likes, sessions) are not held up. SQLite has one writer and Kysely
 * runs a transaction on its only connection, so nothing else runs meanwhile.
 */
export async function lockUser(trx: Kysely<Database>, userId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}
