import type { FastifyInstance } from 'fastify';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { route } from '../../plugins/app/call-route.ts';
import { csrfTokenFor } from '../../security/csrf-token.ts';
import { isWebIdentityQualified } from './web-identity.repository.ts';

export default function globalConfigRoutes(
  app: FastifyInstance,
  options: { secret: Buffer },
): void {
  route(app, getGlobalConfig, async (_input, { request, reply, user }) => {
    const qualified = await isWebIdentityQualified(app.db, request.webId);
    reply.header('cache-control', 'no-store');
    return {
      id: user?.id ?? null,
      webid: request.webId,
      isWebIdQualified: qualified,
      csrfToken: csrfTokenFor(options.secret, request.webId),
      apiWebHost: '',
      ssoHost: '',
      isBoe: false,
      isLogin: user !== null,
      siteConfig: { searchConfig: { switchHost: '' }, ssoConfig: { platform: 'melon' } },
      experiment: {},
    };
  });
}
