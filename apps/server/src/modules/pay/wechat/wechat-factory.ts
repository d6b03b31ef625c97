import { createPrivateKey, createPublicKey } from 'node:crypto';
import { WECHAT_SANDBOX_BASE } from '../../pay-sandbox/wechat-gateway.ts';
import {
  ensureWechatSandboxKeys,
  WECHAT_SANDBOX_APPID,
  WECHAT_SANDBOX_MCHID,
} from '../../pay-sandbox/wechat-keys.ts';
import type { ProviderFactory } from '../providers.ts';
import { apiV3KeyBytes } from './wechat-resource.ts';
import { createWechatPayProvider } from './wechat-pay.provider.ts';

/**
 * WeChat Pay as configured (decision 049): pointed at the sandbox gateway (on this process, with
 * the sandbox's keys) when the sandbox is on, else at WeChat with the live keys, else none.
 */
export const wechatProvider: ProviderFactory = async ({ db, settings, selfOrigin }) => {
  if (settings.sandbox) {
    const keys = await ensureWechatSandboxKeys(db);
    return createWechatPayProvider({
      apiBase: () => `${selfOrigin()}${WECHAT_SANDBOX_BASE}`,
      appid: WECHAT_SANDBOX_APPID,
      merchant: {
        mchid: WECHAT_SANDBOX_MCHID,
        serialNo: keys.merchantSerial,
        privateKey: createPrivateKey(keys.merchantPrivateKey),
      },
      platformKeys: new Map([[keys.platformSerial, createPublicKey(keys.platformPublicKey)]]),
      apiV3Key: apiV3KeyBytes(keys.apiV3Key),
    });
  }
  const live = settings.wechat;
  if (!live) return undefined;
  return createWechatPayProvider({
    apiBase: () => live.apiBase,
    appid: live.appId,
    merchant: {
      mchid: live.mchId,
      serialNo: live.serialNo,
      privateKey: createPrivateKey(live.privateKey),
    },
    platformKeys: new Map([[live.platformSerial, createPublicKey(live.platformPublicKey)]]),
    apiV3Key: apiV3KeyBytes(live.apiV3Key),
  });
};
