import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AccountInfo } from '@melon/shared/contracts/passport';
import { CanUpdateInfo, IsLogout, UpdateUserInfoBody } from '@melon/shared/contracts/user-center';
import { envelopeOf, ErrorEnvelope, ok, RetryLaterEnvelope } from '../../http/envelope.ts';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { formatWait } from '../../lib/format-wait.ts';
import { byUserOrIp, limitOrRetryLater, RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { requireUser } from '../../plugins/app/session.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import avatarRoutes from './avatar.routes.ts';
import { createProfileService } from './profile.service.ts';
import { signedInOnly } from './signed-in-only.ts';
import { userCenterFieldMessages, userCenterMessages } from './user-center.messages.ts';

/** The user-centre calls of SPEC §7: sign-out check, profile, avatar. */
export default async function userCenterRoutes(
  fastify: FastifyInstance,
  options: { dataDir: string },
): Promise<void> {
  fastify.setSchemaErrorFormatter(fieldMessageFormatter(userCenterFieldMessages));
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const profiles = createProfileService(app.db);
  const limit = limitOrRetryLater(
    app,
    'user-center.profile',
    RATE_LIMITS.profileUpdate,
    (s) => userCenterMessages.tooFrequent(formatWait(s)),
    byUserOrIp,
  );

  app.get(
    '/api/userv2/is_logout',
    {
      schema: {
        tags: ['user'],
        summary: '当前是否未登录',
        response: { 200: envelopeOf(IsLogout) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ is_logout: request.user === null });
    },
  );

  app.get(
    '/api/userv2/profile/can_update_info',
    {
      onRequest: signedInOnly,
      schema: {
        tags: ['user'],
        summary: '昵称是否可以修改',
        response: { 200: envelopeOf(CanUpdateInfo), 401: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return ok(await profiles.canUpdate(user.id, Date.now()));
    },
  );

  app.post(
    '/web/user/update/user_info/',
    {
      onRequest: [signedInOnly, limit],
      schema: {
        tags: ['user'],
        summary: '修改昵称与简介（表单或 JSON）',
        body: UpdateUserInfoBody,
        response: {
          200: envelopeOf(AccountInfo),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          409: ErrorEnvelope,
          429: RetryLaterEnvelope,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { name, description } = request.body;
      await profiles.update(user.id, { name, description }, Date.now());
      return ok(await loadAccountInfo(app.db, user.id));
    },
  );

  await app.register(avatarRoutes, { dataDir: options.dataDir });
}
