import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import {
  AccountInfo,
  BindConflict,
  ResolveBindConflictBody,
} from '@melon/shared/contracts/passport';
import { notFound } from '../../http/api-error.ts';
import { limitOrCaptcha, RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import { CONFLICT_COOKIE, CONFLICT_COOKIE_PATH, conflictSealer } from './oauth-cookies.ts';
import { oauthMessages } from './oauth.messages.ts';
import { createOauthService } from './oauth.service.ts';

/** The bind-conflict page's data and its choices (SPEC §8). */
export default function bindConflictRoutes(
  fastify: FastifyInstance,
  options: { secret: Buffer },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const oauth = createOauthService(app.db, app.newId);
  const conflicts = conflictSealer(options.secret);
  const limit = limitOrCaptcha(app, 'oauth.bind-conflict', RATE_LIMITS.passport);

  app.get(
    '/passport/auth/bind_conflict/',
    {
      onRequest: limit,
      schema: {
        tags: ['passport'],
        summary: '本浏览器待处理的第三方账号绑定冲突',
        response: { 200: envelopeOf(BindConflict), 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const pending = conflicts.open(request.cookies[CONFLICT_COOKIE], request.webId);
      if (!pending) throw notFound(oauthMessages.noConflict);
      reply.header('cache-control', 'no-store');
      return ok(await oauth.describe(pending));
    },
  );

  app.post(
    '/passport/auth/bind_conflict/resolve/',
    {
      onRequest: limit,
      schema: {
        tags: ['passport'],
        summary: '处理绑定冲突：换绑并登录，或解除原绑定',
        body: ResolveBindConflictBody,
        response: {
          200: envelopeOf(Type.Union([AccountInfo, Type.Null()])),
          404: ErrorEnvelope,
          409: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const pending = conflicts.open(request.cookies[CONFLICT_COOKIE], request.webId);
      if (!pending) throw notFound(oauthMessages.noConflict);
      // One choice per conflict, even when applying it fails.
      reply.clearCookie(CONFLICT_COOKIE, { path: CONFLICT_COOKIE_PATH });
      const userId = await oauth.resolve(pending, request.body.choice);
      if (userId === null) return ok(null);
      await app.startSession(request, reply, userId);
      return ok(await loadAccountInfo(app.db, userId));
    },
  );
}
