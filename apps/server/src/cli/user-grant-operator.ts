import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { isUserId } from '@melon/shared/ids/id-rules';
import { grantRole } from '../modules/search/operator-role.repository.ts';
import { withCliDatabase } from './cli-database.ts';
import { terminalText } from './terminal-text.ts';

export interface GrantOperatorIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

/**
 * `melon user grant-operator <user_id>`: the user becomes an operator, who may open the search
 * debug page (decision 036). Exit code: 0 granted (or held already), 1 unknown user or bad
 * setting, 2 bad usage.
 */
export async function runGrantOperator(
  args: readonly string[],
  io: GrantOperatorIo = { out: console.log, err: console.error },
): Promise<number> {
  const [userId, ...extra] = args;
  if (userId === undefined || extra.length > 0 || !isUserId(userId)) {
    io.err('usage: melon user grant-operator <user_id>');
    return 2;
  }
  return withCliDatabase(io, async (db) => {
    const user = await db
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) {
      io.err(`melon: no user ${userId}`);
      return 1;
    }
    const granted = await grantRole(db, userId, 'operator', Date.now());
    io.out(
      `melon: ${terminalText(user.name)} (${userId}) ${granted ? 'is now an operator' : 'was an operator already'}`,
    );
    return 0;
  });
}
