import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/*
 * The sandbox's own keys (decision 048), made at a site's first start with the sandbox on and
 * kept in `shared_secrets`, so every process of the site signs and verifies alike. Each
 * provider's sandbox has two RSA key pairs: the merchant's (Melon's application key, which signs
 * Melon's requests) and the provider's (which signs notifies and answers, as Alipay's or
 * WeChat Pay's platform key does).
 */

export interface SandboxKeys {
  merchantPrivateKey: string;
  merchantPublicKey: string;
  providerPrivateKey: string;
  providerPublicKey: string;
}

/**
 * The secret named `name` in shared_secrets, made by `make` if there is none yet. Of processes
 * starting together one stores its own and all read the stored one.
 */
export async function ensureSandboxSecret(
  db: Kysely<Database>,
  name: string,
  make: () => string,
): Promise<string> {
  const read = () =>
    db.selectFrom('shared_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const stored = await read();
  if (stored) return stored.value;
  await db
    .insertInto('shared_secrets')
    .values({ name, value: make(), created_at: Date.now() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const kept = await read();
  if (!kept) throw new Error(`the sandbox secret ${name} was not stored`);
  return kept.value;
}

const newPrivateKey = (): string =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();

const publicOf = (privateKey: string): string =>
  createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }).toString();

/** The two key pairs of a provider's sandbox (`alipay`, `wechat`). */
export async function ensureSandboxKeys(
  db: Kysely<Database>,
  provider: string,
): Promise<SandboxKeys> {
  const merchantPrivateKey = await ensureSandboxSecret(
    db,
    `pay-sandbox-${provider}-merchant`,
    newPrivateKey,
  );
  const providerPrivateKey = await ensureSandboxSecret(
    db,
    `pay-sandbox-${provider}-provider`,
    newPrivateKey,
  );
  return {
    merchantPrivateKey,
    merchantPublicKey: publicOf(merchantPrivateKey),
    providerPrivateKey,
    providerPublicKey: publicOf(providerPrivateKey),
  };
}
