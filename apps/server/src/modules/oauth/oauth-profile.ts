import * as client from 'openid-client';
import { MOBILE_PATTERN } from '@melon/shared/contracts/passport';
import { withoutHiddenCharacters } from '@melon/shared/display-text';

/** What Melon takes from a platform account. */
export interface OauthProfile {
  /** The provider's stable id of the account (`sub`). */
  subject: string;
  name: string;
  /** A mainland mobile number the provider says it verified, 11 digits; null otherwise. */
  mobile: string | null;
}

/** The checks that tie the provider's answer to the sign-in this browser started. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const MOBILE = new RegExp(MOBILE_PATTERN);

/**
 * `+86 138-0013-8000`, `008613800138000` or `13800138000` → `13800138000`, but only when the
 * provider says it verified the number (`phone_number_verified: true`); else null.
 */
export function mainlandMobile(phone: unknown, verified: unknown): string | null {
  if (typeof phone !== 'string' || verified !== true) return null;
  const digits = phone.replace(/[\s-]/g, '').replace(/^(\+|00)86/, '');
  return MOBILE.test(digits) ? digits : null;
}

/** A claim as display text: without hidden characters (zero-width, bidirectional, controls). */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const visible = withoutHiddenCharacters(value).trim();
  return visible === '' ? undefined : visible;
}

/**
 * Exchanges the authorization code of the callback URL (code + PKCE, with state and nonce
 * checked) and reads the account from the ID token and, when the provider has one, its
 * userinfo endpoint (where OIDC providers put scope claims such as `phone_number`).
 */
export async function readOauthProfile(
  config: client.Configuration,
  callbackUrl: URL,
  checks: AuthorizationChecks,
): Promise<OauthProfile> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new client.ClientError('the provider sent no ID token');
  const claims: Record<string, unknown> = { ...idToken };
  if (config.serverMetadata().userinfo_endpoint) {
    Object.assign(claims, await client.fetchUserInfo(config, tokens.access_token, idToken.sub));
  }
  return {
    subject: idToken.sub,
    name: (text(claims.name) ?? text(claims.nickname) ?? '').slice(0, 64),
    mobile: mainlandMobile(claims.phone_number, claims.phone_number_verified),
  };
}
