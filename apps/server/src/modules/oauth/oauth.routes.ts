import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import Type from 'typebox';
import {
  OauthPlatformList,
  OauthPlatformName,
  type OauthPlatform,
} from '@melon/shared/contracts/passport';
import { ApiError, notFound, serviceUnavailable } from '../../http/api-error.ts';
import { limitOrCaptcha, RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { requestOrigin, sameOriginPath } from '../../http/same-origin-redirect.ts';
import type { OauthProviderSettings } from '../../settings.ts';
import { createOauthClients } from './oauth-clients.ts';
import {
  CONFLICT_COOKIE,
  CONFLICT_COOKIE_PATH,
  CONFLICT_TTL_MS,
  conflictSealer,
  FLOW_COOKIE,
  FLOW_COOKIE_PATH,
  FLOW_TTL_MS,
  flowSealer,
  sealedCookieOptions,
  type OauthFlow,
} from './oauth-cookies.ts';
import { readOauthProfile, type OauthProfile } from './oauth-profile.ts';
import { oauthMessages } from './oauth.messages.ts';
import { createOauthService } from './oauth.service.ts';
import { providerFailure } from './provider-failure.ts';

/** The web app's page for the three choices of a bind conflict (SPEC §2, §8). */
export const BIND_CONFLICT_PAGE = '/passport/bind-conflict';
/** The web app's single sign-on page (SPEC §2, §6), where a failed third-party sign-in ends. */
export const LOGIN_PAGE = '/passport/login';
/** What Melon asks the provider for: the account, its name and its mobile number. */
const SCOPE = 'openid profile phone';

/** The sign-on page showing why a sign-in failed, going on to `service` once signed in. */
export const loginPageWithError = (service: string, error: string): string =>
  `${LOGIN_PAGE}?${new URLSearchParams({ service, error }).toString()}`;

export interface OauthRoutesOptions {
  providers: readonly OauthProviderSettings[];
  /** The site secret; the in-progress sign-in and a pending conflict are sealed with it. */
  secret: Buffer;
}

/** Third-party sign-in over OAuth 2 / OpenID Connect: code flow with PKCE, state and nonce. */
export default function oauthRoutes(fastify: FastifyInstance, options: OauthRoutesOptions): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const clients = createOauthClients(options.providers);
  const oauth = createOauthService(app.db, app.newId);
  const flows = flowSealer(options.secret);
  const conflicts = conflictSealer(options.secret);
  const limit = limitOrCaptcha(app, 'oauth', RATE_LIMITS.passport);

  async function configurationOf(platform: OauthPlatform): Promise<client.Configuration> {
    const configuration = clients.configuration(platform);
    if (!configuration) throw notFound(oauthMessages.notOffered(platform));
    try {
      return await configuration;
    } catch (error) {
      app.log.warn({ err: error, platform }, 'oauth provider discovery failed');
      throw serviceUnavailable(oauthMessages.unavailable(platform));
    }
  }

  /**
   * The platform account the provider's answer in the callback `request` vouches for; throws an
   * ApiError with the user's message when the provider is not offered, unreachable or said no.
   */
  async function callbackProfile(
    request: FastifyRequest,
    platform: OauthPlatform,
    flow: OauthFlow,
  ): Promise<OauthProfile> {
    const config = await configurationOf(platform);
    const callbackUrl = new URL(flow.redirectUri);
    callbackUrl.search = new URL(request.url, callbackUrl).search;
    return readOauthProfile(config, callbackUrl, flow).catch((error: unknown) => {
      request.log.warn({ err: error, platform }, 'oauth callback refused');
      throw providerFailure(platform, error);
    });
  }

  app.get(
    '/passport/auth/platforms/',
    {
      onRequest: limit,
      schema: {
        tags: ['passport'],
        summary: '已开通的第三方登录平台',
        response: { 200: envelopeOf(OauthPlatformList) },
      },
    },
    () => ok({ platforms: [...clients.platforms] }),
  );

  app.get(
    '/passport/auth/login/',
    {
      onRequest: limit,
      schema: {
        tags: ['passport'],
        summary: '跳转到第三方平台登录',
        querystring: Type.Object({
          platform: OauthPlatformName,
          service: Type.Optional(Type.String({ maxLength: 2048 })),
        }),
        response: { 404: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { platform, service } = request.query;
      const config = await configurationOf(platform);
      const origin = requestOrigin(request);
      const codeVerifier = client.randomPKCECodeVerifier();
      const flow: OauthFlow = {
        platform,
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        redirectUri: `${origin}/passport/auth/callback/${platform}`,
        service: sameOriginPath(service, origin),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: flow.redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      reply.setCookie(
        FLOW_COOKIE,
        flows.seal(flow, request.webId, FLOW_TTL_MS),
        sealedCookieOptions(request, FLOW_COOKIE_PATH, FLOW_TTL_MS),
      );
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.href);
    },
  );

  app.get(
    '/passport/auth/callback/:platform',
    {
      onRequest: limit,
      schema: {
        tags: ['passport'],
        summary: '第三方平台登录回调',
        params: Type.Object({ platform: OauthPlatformName }),
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

      let profile: OauthProfile;
      try {
        profile = await callbackProfile(request, platform, flow);
      } catch (error) {
        if (error instanceof ApiError) return fail(error.message);
        throw error;
      }

      const outcome = await oauth.signIn(platform, profile, flow.service);
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
