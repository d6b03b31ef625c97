import { createDecipheriv } from 'node:crypto';

/*
 * A notify's `resource` (decision 049): AEAD_AES_256_GCM under the merchant's 32-byte APIv3
 * key, a 12-character nonce, the associated data given beside it, and the 16-byte tag appended
 * to the ciphertext before base64.
 */

const WECHAT_RESOURCE_ALGORITHM = 'AEAD_AES_256_GCM';

const TAG_BYTES = 16;

export interface WechatResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/** The resource could not be opened: wrong algorithm, wrong key, or altered (the tag). */
export class WechatResourceError extends Error {}

/** The APIv3 key's bytes; WeChat's key is 32 characters set by the merchant. */
export function apiV3KeyBytes(key: string): Buffer {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length !== 32) throw new Error('the WeChat Pay APIv3 key must be 32 bytes');
  return bytes;
}

/** Decrypts and authenticates a resource; the plaintext is returned only when the tag checks. */
export function decryptResource(resource: WechatResource, apiV3Key: Buffer): string {
  if (resource.algorithm !== WECHAT_RESOURCE_ALGORITHM) {
    throw new WechatResourceError(`unsupported algorithm ${resource.algorithm}`);
  }
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (sealed.length <= TAG_BYTES) throw new WechatResourceError('ciphertext too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    throw new WechatResourceError('resource does not authenticate (wrong key or altered)');
  }
}
