import type { FastifyInstance } from 'fastify';
import { getBindConflict, resolveBindConflict } from '@melon/shared/calls/oauth.calls';
import { notFound } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import { CONFLICT_COOKIE, CONFLICT_COOKIE_PATH, conflictSealer } from './oauth-cookies.ts';
import { oauthMessages } from './oauth.messages.ts';
import { presentBindConflict } from './oauth.presenter.ts';
import { createOauthService } from './oauth.service.ts';
import type { CodeSenderOptions } from '../passport/verification-code.service.ts';
import bindVerifyRoutes from './bind-verify.routes.ts';

/**
 * The bind-conflict page's data and its choices (SPEC §8), and the SMS check a third-party
 * sign-in passes before it binds to an existing account (or reaches a conflict).
 */
export default async function bindConflictRoutes(
  app: FastifyInstance,
  options: CodeSenderOptions,
): Promise<void> {
  await app.register(bindVerifyRoutes, options);
  const oauth = createOauthService({ db: app.db, newId: app.newId });
  const conflicts = conflictSealer(options.secret);

  route(app, getBindConflict, async (_input, { request, reply }) => {
    const pending = conflicts.open(request.cookies[CONFLICT_COOKIE], request.webId);
    if (!pending) throw notFound(oauthMessages.noConflict);
    reply.header('cache-control', 'no-store');
    return presentBindConflict(await oauth.describe(pending));
  });

  route(app, resolveBindConflict, async ({ choice }, { request, reply }) => {
    const pending = conflicts.open(request.cookies[CONFLICT_COOKIE], request.webId);
    if (!pending) throw notFound(oauthMessages.noConflict);
    // One choice per conflict, even when applying it fails.
    reply.clearCookie(CONFLICT_COOKIE, { path: CONFLICT_COOKIE_PATH });
    const userId = await oauth.resolve(pending, choice);
    if (userId === null) return null;
    await app.startSession(request, reply, userId);
    return loadAccountInfo(app.db, userId);
  });
}
