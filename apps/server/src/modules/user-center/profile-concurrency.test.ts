import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createAccount } from '../account/account.service.ts';
import { createProfileService } from './profile.service.ts';

let database: OpenedDatabase;
const newId = createIdGenerator();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('name changes at the same moment', () => {
  it('let one through: the once-a-month rule holds', async () => {
    const { db } = database;
    const service = createProfileService({ db });
    const userId = await createAccount(db, newId, { mobile: '13900000004' });
    // A first change, a month and more ago, so the rule applies to the next ones.
    await service.update(userId, { name: '第一个名字' }, Date.UTC(2026, 0, 1));
    const now = Date.UTC(2026, 5, 1);
    const results = await Promise.allSettled(
      ['甲名字', '乙名字', '丙名字', '丁名字'].map((name) => service.update(userId, { name }, now)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toMatchObject({ kind: 'invalid', details: { field: 'name' } });
      }
    }
  });
});
