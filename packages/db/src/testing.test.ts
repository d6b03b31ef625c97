import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing.ts';

describe('createTestDatabase', () => {
  it('gives each caller its own migrated database of the chosen dialect', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(a.dialect).toBe(process.env.MELON_TEST_DIALECT ?? 'sqlite');
      await a.db
        .insertInto('web_identities')
        .values({ web_id: 'w1', created_at: 1, last_seen_at: 1 })
        .execute();
      expect(await b.db.selectFrom('web_identities').selectAll().execute()).toEqual([]);
      expect(await a.db.selectFrom('web_identities').selectAll().execute()).toEqual([
        { web_id: 'w1', created_at: 1, last_seen_at: 1, qualified: 0 },
      ]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
