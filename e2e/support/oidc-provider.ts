/*
 * Starts the test OpenID Connect provider on 127.0.0.1 for browser tests, where it stands in for
 * Douyin: `node e2e/support/oidc-provider.ts` (OIDC_PROVIDER_PORT, default 3211; MELON_ORIGINS,
 * default the e2e sites of sites.ts). Its login page has one field, 账号, and a 登录 button.
 */
import { startTestOidcProvider } from '@melon/server/testing/test-oidc-provider';
import {
  E2E_OIDC_ACCOUNTS,
  E2E_OIDC_CLIENT,
  MELON_ORIGINS,
  OIDC_PROVIDER_PORT,
} from './oidc-settings.ts';

const provider = await startTestOidcProvider({
  port: OIDC_PROVIDER_PORT,
  clients: [
    {
      ...E2E_OIDC_CLIENT,
      redirectUris: MELON_ORIGINS.map((origin) => `${origin}/passport/auth/callback/douyin`),
    },
  ],
  accounts: E2E_OIDC_ACCOUNTS,
});
console.log(`oidc-provider: test provider at ${provider.issuer}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}
