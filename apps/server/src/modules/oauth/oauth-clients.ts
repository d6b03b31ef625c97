import * as client from 'openid-client';
import type { OauthPlatform } from '@melon/shared/contracts/passport';
import type { OauthProviderSettings } from '../../settings.ts';

/** Seconds a call to a provider may take (SPEC §9's request timeout). */
const PROVIDER_TIMEOUT_S = 10;

export interface OauthClients {
  /** The configured platforms, in OAUTH_PLATFORMS order. */
  readonly platforms: readonly OauthPlatform[];
  /**
   * The client of a configured platform, discovered on first use and kept; a failed discovery
   * is retried by the next sign-in. Undefined for a platform without settings.
   */
  configuration(platform: OauthPlatform): Promise<client.Configuration> | undefined;
}

export function createOauthClients(providers: readonly OauthProviderSettings[]): OauthClients {
  const discovered = new Map<OauthPlatform, Promise<client.Configuration>>();

  function discover(provider: OauthProviderSettings): Promise<client.Configuration> {
    // Settings allow plain http only for a provider on this machine (tests, e2e).
    const insecure = new URL(provider.issuer).protocol === 'http:';
    return client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      client.ClientSecretBasic(provider.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_S,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only as a warning sign
        execute: insecure ? [client.allowInsecureRequests] : [],
      },
    );
  }

  return {
    platforms: providers.map((provider) => provider.platform),
    configuration(platform) {
      const provider = providers.find((candidate) => candidate.platform === platform);
      if (!provider) return undefined;
      let configuration = discovered.get(platform);
      if (!configuration) {
        configuration = discover(provider);
        void configuration.catch(() => discovered.delete(platform));
        discovered.set(platform, configuration);
      }
      return configuration;
    },
  };
}
