import { createHash, createPublicKey, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ensureSandboxKeys, ensureSandboxSecret } from './sandbox-keys.ts';

/*
 * The WeChat Pay sandbox's identities (decision 049): the merchant Melon plays (WECHAT_SANDBOX_
 * MCHID, _APPID, its key pair and certificate serial), the platform the sandbox plays (its key
 * pair and public key ID) and the APIv3 key they share. The key pairs and the APIv3 key are made
 * at the first start and kept in `shared_secrets` (sandbox-keys.ts); the serials are derived from
 * the public keys, so every process of a site agrees on them.
 */

export const WECHAT_SANDBOX_MCHID = '1900000109';
export const WECHAT_SANDBOX_APPID = 'wxd678efh567hg6787';

export interface WechatSandboxKeys {
  /** The merchant's certificate serial: 40 hex digits. */
  merchantSerial: string;
  merchantPrivateKey: string;
  merchantPublicKey: string;
  /** The platform's public key ID, as WeChat names its own: PUB_KEY_ID_ and digits. */
  platformSerial: string;
  platformPrivateKey: string;
  platformPublicKey: string;
  /** The APIv3 key: 32 characters. */
  apiV3Key: string;
}

const fingerprint = (publicKey: string) =>
  createHash('sha256')
    .update(createPublicKey(publicKey).export({ type: 'spki', format: 'der' }))
    .digest();

export async function ensureWechatSandboxKeys(db: Kysely<Database>): Promise<WechatSandboxKeys> {
  const pairs = await ensureSandboxKeys(db, 'wechat');
  const apiV3Key = await ensureSandboxSecret(db, 'pay-sandbox-wechat-apiv3', () =>
    randomBytes(24).toString('base64url'),
  );
  const platformDigits = fingerprint(pairs.providerPublicKey).readBigUInt64BE().toString();
  return {
    merchantSerial: fingerprint(pairs.merchantPublicKey)
      .subarray(0, 20)
      .toString('hex')
      .toUpperCase(),
    merchantPrivateKey: pairs.merchantPrivateKey,
    merchantPublicKey: pairs.merchantPublicKey,
    platformSerial: `PUB_KEY_ID_01${platformDigits.padStart(20, '0')}`,
    platformPrivateKey: pairs.providerPrivateKey,
    platformPublicKey: pairs.providerPublicKey,
    apiV3Key,
  };
}
