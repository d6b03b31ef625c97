import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { GlobalConfig } from '@melon/shared/contracts/global-config';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { csrfTokenFor } from '../../security/csrf-token.ts';
import { touchWebIdentity } from './web-identity.repository.ts';

export default function globalConfigRoutes(
  fastify: FastifyInstance,
  options: { secret: Buffer },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/otherv2/global_config',
    {
      schema: {
        tags: ['config'],
        summary: '身份与站点配置',
        querystring: Type.Object({ aid: Type.Optional(Type.Integer()) }),
        response: { 200: envelopeOf(GlobalConfig) },
      },
    },
    async (request, reply) => {
      const { qualified } = await touchWebIdentity(app.db, request.webId, Date.now());
      reply.header('cache-control', 'no-store');
      return ok({
        id: request.user?.id ?? null,
        webid: request.webId,
        isWebIdQualified: qualified,
        csrfToken: csrfTokenFor(options.secret, request.webId),
        apiWebHost: '',
        ssoHost: '',
        isBoe: false,
        isLogin: request.user !== null,
        siteConfig: { searchConfig: { switchHost: '' }, ssoConfig: { platform: 'melon' } },
        experiment: {},
      });
    },
  );
}
