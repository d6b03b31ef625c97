import type { FastifyInstance } from 'fastify';
import { getAccountInfo, logout } from '@melon/shared/calls/passport.calls';
import { route } from '../../plugins/app/call-route.ts';
import { loadAccountInfo } from './account.service.ts';

/** The signed-in account, and signing this browser out. */
export default function accountRoutes(app: FastifyInstance): void {
  route(app, getAccountInfo, async (_input, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return loadAccountInfo(app.db, user.id);
  });

  route(app, logout, async (_input, { request, reply }) => {
    await app.endSession(request, reply);
    return null;
  });
}
