import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@melon/db/testing';
import type { OpenedDatabase } from '@melon/db/open-database';
import {
  isWebIdentityQualified,
  LAST_SEEN_RENEWAL_MS,
  qualifyWebIdentity,
} from './web-identity.repository.ts';

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const lastSeen = async (webId: string) =>
  (
    await database.db
      .selectFrom('web_identities')
      .select('last_seen_at')
      .where('web_id', '=', webId)
      .executeTakeFirstOrThrow()
  ).last_seen_at;

describe('web identities', () => {
  it('qualifies once, and renews the last sight of a reporting browser at most daily', async () => {
    const { db } = database;
    const t0 = 1_800_000_000_000;
    expect(await isWebIdentityQualified(db, '7001')).toBe(false);
    expect(await qualifyWebIdentity(db, '7001', t0)).toBe(true);
    expect(await isWebIdentityQualified(db, '7001')).toBe(true);

    expect(await qualifyWebIdentity(db, '7001', t0 + LAST_SEEN_RENEWAL_MS)).toBe(false);
    expect(await lastSeen('7001')).toBe(t0);
    expect(await qualifyWebIdentity(db, '7001', t0 + LAST_SEEN_RENEWAL_MS + 1)).toBe(false);
    expect(await lastSeen('7001')).toBe(t0 + LAST_SEEN_RENEWAL_MS + 1);
  });
});
