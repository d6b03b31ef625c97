import type { FastifyInstance } from 'fastify';
import { getSessions, revokeSession } from '@melon/shared/calls/passport.calls';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { route } from '../../plugins/app/call-route.ts';
import { sessionFieldMessages } from './session.messages.ts';
import { presentRevoked, presentSessions } from './session.presenter.ts';
import { createSessionService } from './session.service.ts';

/** The user centre's signed-in devices. */
export default function sessionRoutes(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(sessionFieldMessages));
  const sessions = createSessionService({ db: app.db });

  route(app, getSessions, async (_input, { request, reply, user }) => {
    reply.header('cache-control', 'no-store');
    return presentSessions(await sessions.list(user.id), request.sessionIdHash);
  });

  route(app, revokeSession, async ({ session_id }, { request, reply, user }) => {
    const whose = await sessions.revoke(user.id, session_id, request.sessionIdHash);
    if (whose === 'current') await app.endSession(request, reply);
    else await app.forgetSessions({ userId: user.id });
    return presentRevoked(whose);
  });
}
