import {
  ALIPAY_SANDBOX_APP_ID,
  ALIPAY_SANDBOX_GATEWAY_PATH,
} from '../../pay-sandbox/alipay-gateway.ts';
import { ensureSandboxKeys } from '../../pay-sandbox/sandbox-keys.ts';
import type { ProviderFactory } from '../providers.ts';
import { createAlipayProvider } from './alipay-provider.ts';

/**
 * Alipay as configured (decision 048): pointed at the sandbox gateway (on this site, with the
 * sandbox's keys) when the sandbox is on, else at Alipay with the live keys, else none.
 */
export const alipayProvider: ProviderFactory = async ({ db, settings, selfOrigin }) => {
  if (settings.sandbox) {
    const keys = await ensureSandboxKeys(db, 'alipay');
    return createAlipayProvider({
      appId: ALIPAY_SANDBOX_APP_ID,
      privateKey: keys.merchantPrivateKey,
      alipayPublicKey: keys.providerPublicKey,
      gateway: () => `${selfOrigin()}${ALIPAY_SANDBOX_GATEWAY_PATH}`,
      browserGateway: (siteOrigin) => `${siteOrigin}${ALIPAY_SANDBOX_GATEWAY_PATH}`,
    });
  }
  const live = settings.alipay;
  if (!live) return undefined;
  return createAlipayProvider({ ...live, gateway: () => live.gateway });
};
