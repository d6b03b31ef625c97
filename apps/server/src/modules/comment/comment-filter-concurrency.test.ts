import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { FILTER_WORDS_MAX } from '@melon/shared/contracts/comment';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createUser } from '../../testing/factories.ts';
import { createCommentFilters } from './comment-filter.service.ts';

/* An author's filter words added at the same moment, on SQLite and PostgreSQL. */

let database: OpenedDatabase;
const newId = createIdGenerator();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('filter words added at the same moment', () => {
  it('store one word for the same text, and every add answers it', async () => {
    const filters = createCommentFilters({ db: database.db, newId });
    const userId = await createUser(database.db, newId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => filters.add(userId, '剧透')));
    const stored = await filters.list(userId);
    expect(stored).toHaveLength(1);
    expect(answers).toEqual(Array.from({ length: 6 }, () => stored[0]));
  });

  it('never go past the limit', async () => {
    const filters = createCommentFilters({ db: database.db, newId });
    const userId = await createUser(database.db, newId);
    for (let i = 0; i < FILTER_WORDS_MAX - 1; i += 1) await filters.add(userId, `词${i}`);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => filters.add(userId, `新词${i}`)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toMatchObject({ kind: 'invalid', details: { field: 'text' } });
      }
    }
    expect(await filters.list(userId)).toHaveLength(FILTER_WORDS_MAX);
  });
});
