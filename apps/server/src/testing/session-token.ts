import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { insertSession } from '../modules/session/session.repository.ts';
import { SESSION_TTL_MS } from '../modules/session/session.plugin.ts';
import { hashSecret, newSecretToken } from '../security/secret-token.ts';

/** Signs the user in through a real session row; answers the session cookie's token. */
export async function newSessionToken(
  db: Kysely<Database>,
  newId: () => string,
  userId: string,
): Promise<string> {
  const token = newSecretToken();
  const now = Date.now();
  await insertSession(db, {
    idHash: hashSecret(token),
    publicId: newId(),
    userId,
    now,
    expiresAt: now + SESSION_TTL_MS,
    userAgent: 'test',
    ip: '127.0.0.1',
  });
  return token;
}
