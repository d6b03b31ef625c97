import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OauthPlatform } from '@melon/shared/contracts/passport';
import { DomainError, notFound, unavailable } from '../../lib/domain-error.ts';
import type { OauthProviderSettings } from '../../settings.ts';
import { createOauthClients } from './oauth-clients.ts';
import type { OauthFlow } from './oauth-cookies.ts';
import { readOauthProfile, type OauthProfile } from './oauth-profile.ts';
import { oauthMessages } from './oauth.messages.ts';
import { providerFailure } from './provider-failure.ts';

/** What Melon asks the provider for: the account, its name and its mobile number. */
const SCOPE = 'openid profile phone';

/** The end of a sign-in at the provider: the account it vouches for, or why not (user's words). */
export type ProviderAnswer = { profile: OauthProfile } | { failure: string };

export interface OauthProviderService {
  /** The configured platforms, in OAUTH_PLATFORMS order. */
  readonly platforms: readonly OauthPlatform[];
  /**
   * Starts a sign-in at the platform (code flow with PKCE, state and nonce): the flow for the
   * browser to keep and the provider's page to send it to. Throws not_found for a platform not
   * offered and unavailable for one that cannot be reached.
   */
  start(
    platform: OauthPlatform,
    redirectUri: string,
    service: string,
  ): Promise<{ flow: OauthFlow; url: URL }>;
  /** Reads the provider's answer (the callback's query string) against the flow kept. */
  finish(flow: OauthFlow, callbackQuery: string): Promise<ProviderAnswer>;
}

/** Third-party sign-in over OAuth 2 / OpenID Connect, with the providers of the settings. */
export function createOauthProviderService(deps: {
  providers: readonly OauthProviderSettings[];
  log: FastifyBaseLogger;
}): OauthProviderService {
  const { log } = deps;
  const clients = createOauthClients(deps.providers);

  /** The platform's client, or the error saying why there is none. */
  async function reach(platform: OauthPlatform): Promise<client.Configuration | DomainError> {
    const configuration = clients.configuration(platform);
    if (!configuration) return notFound(oauthMessages.notOffered(platform));
    try {
      return await configuration;
    } catch (error) {
      log.warn({ err: error, platform }, 'oauth provider discovery failed');
      return unavailable(oauthMessages.unavailable(platform));
    }
  }

  return {
    platforms: clients.platforms,

    async start(platform, redirectUri, service) {
      const config = await reach(platform);
      if (config instanceof DomainError) throw config;
      const codeVerifier = client.randomPKCECodeVerifier();
      const flow: OauthFlow = {
        platform,
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        redirectUri,
        service,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { flow, url };
    },

    async finish(flow, callbackQuery) {
      const { platform } = flow;
      const config = await reach(platform);
      if (config instanceof DomainError) return { failure: config.message };
      // The code exchange repeats the redirect_uri exactly, with the provider's answer on it.
      const callbackUrl = new URL(flow.redirectUri);
      callbackUrl.search = callbackQuery;
      try {
        return { profile: await readOauthProfile(config, callbackUrl, flow) };
      } catch (error) {
        log.warn({ err: error, platform }, 'oauth callback refused');
        return { failure: providerFailure(platform, error) };
      }
    },
  };
}
