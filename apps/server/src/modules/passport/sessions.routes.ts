import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { RevokeSessionBody, SessionList, SessionRevoked } from '@melon/shared/contracts/passport';
import { notFound } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { requireUser } from '../../plugins/app/session.ts';
import { deleteUserSessionByPublicId, listUserSessions } from '../session/session.repository.ts';
import { passportMessages } from './passport.messages.ts';
import type { PassportLimits } from './passport.routes.ts';
import { presentSession } from './sessions.presenter.ts';

/** The user centre's signed-in devices. */
export default function sessionsRoutes(
  fastify: FastifyInstance,
  options: { limits: PassportLimits },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/passport/web/sessions/',
    {
      onRequest: options.limits.other,
      schema: {
        tags: ['passport'],
        summary: '已登录的设备',
        response: { 200: envelopeOf(SessionList), 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const rows = await listUserSessions(app.db, user.id, Date.now());
      reply.header('cache-control', 'no-store');
      return ok({ list: rows.map((row) => presentSession(row, request.sessionIdHash)) });
    },
  );

  app.post(
    '/passport/web/sessions/revoke/',
    {
      onRequest: options.limits.other,
      schema: {
        tags: ['passport'],
        summary: '让一个设备退出登录（本设备则退出登录）',
        body: RevokeSessionBody,
        response: {
          200: envelopeOf(SessionRevoked),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const current = (await listUserSessions(app.db, user.id, Date.now())).find(
        (row) => row.id === request.sessionIdHash,
      );
      const isCurrent = current?.public_id === request.body.session_id;
      if (isCurrent) {
        await app.endSession(request, reply);
        return ok({ current: true });
      }
      const ended = await deleteUserSessionByPublicId(app.db, user.id, request.body.session_id);
      if (!ended) throw notFound(passportMessages.sessionNotFound);
      return ok({ current: false });
    },
  );
}
