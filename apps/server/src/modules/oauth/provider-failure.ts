import * as client from 'openid-client';
import type { OauthPlatform } from '@melon/shared/contracts/passport';
import { oauthMessages } from './oauth.messages.ts';

/** openid-client codes that mean the provider could not be reached or answered garbage. */
const UNREACHABLE = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM']);

/**
 * A failed exchange with the provider in the user's terms: they said no (cancelled), the answer
 * did not check out (failed: start again), or the provider is down (unavailable).
 */
export function providerFailure(platform: OauthPlatform, error: unknown): string {
  if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
    return oauthMessages.cancelled;
  }
  const unreachable =
    error instanceof TypeError ||
    (error instanceof client.ClientError && UNREACHABLE.has(error.code ?? ''));
  if (unreachable) return oauthMessages.unavailable(platform);
  return oauthMessages.failed(platform);
}
