import type { TestOidcAccount } from '@melon/server/testing/test-oidc-provider';
import { E2E_SITES } from './sites.ts';

/*
 * The test OpenID Connect provider of browser tests (oidc-provider.ts beside this file), which
 * Melon offers as its 'douyin' platform.
 */

export const OIDC_PROVIDER_PORT = Number(process.env.OIDC_PROVIDER_PORT ?? 3211);
/** The Melon sites under test (comma-separated); the provider accepts only their callbacks. */
export const MELON_ORIGINS =
  process.env.MELON_ORIGINS?.split(',') ?? E2E_SITES.map((site) => site.origin);

export const E2E_OIDC_CLIENT = { clientId: 'melon-e2e', clientSecret: 'melon-e2e-secret' };

/**
 * Who can sign in at the provider: type the key into its 账号 field. The two conflict accounts
 * share one mobile number: sign in with the first, sign out, then with the second.
 */
export const E2E_OIDC_ACCOUNTS = {
  'douyin-new': { name: '抖音新用户' },
  'douyin-phone': { name: '抖音手机用户', phoneNumber: '+8613800138000' },
  'douyin-conflict-first': { name: '抖音老号', phoneNumber: '+8613900139001' },
  'douyin-conflict-second': { name: '抖音新号', phoneNumber: '+8613900139001' },
} satisfies Record<string, TestOidcAccount>;

/** The settings Melon needs to offer the provider as its 'douyin' platform. */
export const melonDouyinSettings = (port = OIDC_PROVIDER_PORT): Record<string, string> => ({
  MELON_OAUTH_DOUYIN_ISSUER: `http://127.0.0.1:${port}`,
  MELON_OAUTH_DOUYIN_CLIENT_ID: E2E_OIDC_CLIENT.clientId,
  MELON_OAUTH_DOUYIN_CLIENT_SECRET: E2E_OIDC_CLIENT.clientSecret,
});
