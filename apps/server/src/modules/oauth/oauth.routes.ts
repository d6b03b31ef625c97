import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { getOauthPlatforms, oauthLogin } from '@melon/shared/calls/oauth.calls';
import { OauthCallbackParams } from '@melon/shared/contracts/passport';
import { sameOriginPath } from '@melon/shared/same-origin-path';
import { ErrorEnvelope } from '../../http/envelope.ts';
import { route } from '../../plugins/app/call-route.ts';
import { limitOfBucket } from '../../plugins/app/rate-limits.ts';
import type { OauthProviderSettings } from '../../settings.ts';
import {
  CALLBACK_PATH,
  CONFLICT_COOKIE,
  CONFLICT_COOKIE_PATH,
  CONFLICT_TTL_MS,
  conflictSealer,
  FLOW_COOKIE,
  FLOW_COOKIE_PATH,
  FLOW_TTL_MS,
  flowSealer,
  sealedCookieOptions,
  VERIFY_COOKIE,
  VERIFY_COOKIE_PATH,
  VERIFY_TTL_MS,
  verificationSealer,
} from './oauth-cookies.ts';
import { createOauthProviderService } from './oauth-provider.service.ts';
import { oauthMessages } from './oauth.messages.ts';
import { presentPlatforms } from './oauth.presenter.ts';
import { createOauthService } from './oauth.service.ts';

/** The web app's page for the three choices of a bind conflict (SPEC §2, §8). */
export const BIND_CONFLICT_PAGE = '/passport/bind-conflict';
/** The web app's page asking for the SMS code to a platform account's mobile number. */
export const BIND_VERIFY_PAGE = '/passport/bind-verify';
/** The web app's single sign-on page (SPEC §2, §6), where a failed third-party sign-in ends. */
export const LOGIN_PAGE = '/passport/login';

/** The sign-on page showing why a sign-in failed, going on to `service` once signed in. */
export const loginPageWithError = (service: string, error: string): string =>
  `${LOGIN_PAGE}?${new URLSearchParams({ service, error }).toString()}`;

export interface OauthRoutesOptions {
  providers: readonly OauthProviderSettings[];
  /** The site secret; the in-progress sign-in and a pending conflict are sealed with it. */
  secret: Buffer;
}

/**
 * Third-party sign-in: the browser navigates to the platform through `oauthLogin` and comes
 * back to the callback, so both answer with redirects; the flow in between is kept in a sealed
 * cookie sent only to the callback.
 */
export default function oauthRoutes(app: FastifyInstance, options: OauthRoutesOptions): void {
  const providers = createOauthProviderService({ providers: options.providers, log: app.log });
  const oauth = createOauthService({ db: app.db, newId: app.newId });
  const flows = flowSealer(options.secret);
  const conflicts = conflictSealer(options.secret);
  const verifications = verificationSealer(options.secret);

  route(app, getOauthPlatforms, () => presentPlatforms(providers.platforms));

  route(app, oauthLogin, async ({ platform, service }, { request, reply }) => {
    const { flow, url } = await providers.start(
      platform,
      `${app.siteOrigin}${CALLBACK_PATH}${platform}`,
      sameOriginPath(service, app.siteOrigin),
    );
    reply.setCookie(
      FLOW_COOKIE,
      flows.seal(flow, request.webId, FLOW_TTL_MS),
      sealedCookieOptions(request, FLOW_COOKIE_PATH, FLOW_TTL_MS),
    );
    reply.header('cache-control', 'no-store');
    return reply.redirect(url.href);
  });

  // Not a call: the provider sends the browser here, and every answer is a redirect.
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    `${CALLBACK_PATH}:platform`,
    {
      onRequest: limitOfBucket(app, 'passport'),
      schema: {
        tags: ['passport'],
        summary: '第三方平台登录回调',
        params: OauthCallbackParams,
        // A failure redirects to the sign-on page; only a malformed platform is answered 400.
        response: { 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { platform } = request.params;
      const flow = flows.open(request.cookies[FLOW_COOKIE], request.webId);
      // One use: whatever happens next, this sign-in attempt is over.
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      reply.header('cache-control', 'no-store');
      // The browser navigates here, so a failure is not an envelope but the sign-on page with
      // the message; any session the browser has stays as it is.
      const fail = (message: string) =>
        reply.redirect(loginPageWithError(flow?.service ?? '/', message));
      if (flow?.platform !== platform) return fail(oauthMessages.stale);

      const answer = await providers.finish(flow, new URL(request.url, flow.redirectUri).search);
      if ('failure' in answer) return fail(answer.failure);

      const outcome = await oauth.signIn(platform, answer.profile, flow.service);
      if (outcome.kind === 'verify') {
        reply.setCookie(
          VERIFY_COOKIE,
          verifications.seal(outcome.verification, request.webId, VERIFY_TTL_MS),
          sealedCookieOptions(request, VERIFY_COOKIE_PATH, VERIFY_TTL_MS),
        );
        return reply.redirect(BIND_VERIFY_PAGE);
      }
      if (outcome.kind === 'conflict') {
        reply.setCookie(
          CONFLICT_COOKIE,
          conflicts.seal(outcome.conflict, request.webId, CONFLICT_TTL_MS),
          sealedCookieOptions(request, CONFLICT_COOKIE_PATH, CONFLICT_TTL_MS),
        );
        return reply.redirect(BIND_CONFLICT_PAGE);
      }
      await app.startSession(request, reply, outcome.userId);
      return reply.redirect(flow.service);
    },
  );
}
