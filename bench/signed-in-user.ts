import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { CSRF_HEADER, WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { SESSION_COOKIE } from '../apps/server/src/modules/session/session.plugin.ts';
import { csrfTokenFor } from '../apps/server/src/security/csrf-token.ts';
import { newSessionToken } from '../apps/server/src/testing/session-token.ts';

/** The request headers of a signed-in browser. */
export type ViewerHeaders = Record<string, string>;

/**
 * Signs the user in, as the sign-in calls would, in the database of a running Melon: a session
 * row, and the cookies a browser then sends with every call (its web_id and the session). With
 * the site's secret, the headers also carry the CSRF token a page sends with its writes.
 */
export async function signInBenchUser(
  db: Kysely<Database>,
  newId: () => string,
  userId: string,
  siteSecret?: Buffer,
): Promise<ViewerHeaders> {
  const token = await newSessionToken(db, newId, userId);
  const webId = newId();
  const headers: ViewerHeaders = {
    cookie: `${WEB_ID_COOKIE}=${webId}; ${SESSION_COOKIE}=${token}`,
  };
  if (siteSecret) headers[CSRF_HEADER] = csrfTokenFor(siteSecret, webId);
  return headers;
}
