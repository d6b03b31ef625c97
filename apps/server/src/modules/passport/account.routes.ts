import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { AccountInfo } from '@melon/shared/contracts/passport';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { requireUser } from '../../plugins/app/session.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import type { PassportLimits } from './passport.routes.ts';

export default function accountRoutes(
  fastify: FastifyInstance,
  options: { limits: PassportLimits },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/passport/web/logout/',
    {
      onRequest: options.limits.other,
      schema: {
        tags: ['passport'],
        summary: '退出登录（本设备）',
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      return ok(null);
    },
  );

  app.get(
    '/passport/web/account/info/',
    {
      onRequest: options.limits.other,
      schema: {
        tags: ['passport'],
        summary: '当前登录账号',
        response: { 200: envelopeOf(AccountInfo), 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return ok(await loadAccountInfo(app.db, user.id));
    },
  );
}
