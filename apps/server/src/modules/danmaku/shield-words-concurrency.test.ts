import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { SHIELD_MAX_WORDS } from '@melon/shared/contracts/danmaku';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createUser } from '../../testing/factories.ts';
import { createDanmakuService } from './danmaku.service.ts';

let database: OpenedDatabase;
const newId = createIdGenerator();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const wordsOf = (userId: string) =>
  database.db
    .selectFrom('danmaku_shield_words')
    .select(['id', 'text'])
    .where('user_id', '=', userId)
    .execute();

describe('shield words added at the same moment', () => {
  it('store one word for the same text, and every add answers it', async () => {
    const service = createDanmakuService({ db: database.db, newId });
    const userId = await createUser(database.db, newId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => service.addShieldWord(userId, '剧透')),
    );
    const stored = await wordsOf(userId);
    expect(stored).toHaveLength(1);
    expect(answers).toEqual(Array.from({ length: 6 }, () => stored[0]));
  });

  it('never go past the limit', async () => {
    const service = createDanmakuService({ db: database.db, newId });
    const userId = await createUser(database.db, newId);
    for (let i = 0; i < SHIELD_MAX_WORDS - 1; i += 1) await service.addShieldWord(userId, `词${i}`);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => service.addShieldWord(userId, `新词${i}`)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toMatchObject({ kind: 'invalid', details: { field: 'text' } });
      }
    }
    expect(await wordsOf(userId)).toHaveLength(SHIELD_MAX_WORDS);
  });
});
