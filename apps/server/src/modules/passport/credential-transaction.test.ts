import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createAccount } from '../account/account.service.ts';
import { newSessionToken } from '../../testing/session-token.ts';
import { failWritesTo, InjectedWriteFailure } from '../../testing/write-failure.ts';
import { resetPasswordEndingSessions } from './credential.repository.ts';

let database: OpenedDatabase;
const newId = createIdGenerator();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const state = async (userId: string) => ({
  passwordHash: (
    await database.db
      .selectFrom('user_credentials')
      .select('password_hash')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).password_hash,
  sessions: (
    await database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()
  ).length,
});

describe('a password reset', () => {
  it('sets the password and ends the sessions together: sessions that cannot end keep the old password', async () => {
    const { db } = database;
    const userId = await createAccount(db, newId, { mobile: '13900000002', passwordHash: 'old' });
    await newSessionToken(db, newId, userId);
    await newSessionToken(db, newId, userId);

    await expect(
      resetPasswordEndingSessions(db.withPlugin(failWritesTo('sessions')), userId, 'new', 1),
    ).rejects.toBeInstanceOf(InjectedWriteFailure);
    expect(await state(userId)).toEqual({ passwordHash: 'old', sessions: 2 });

    await resetPasswordEndingSessions(db, userId, 'new', 2);
    expect(await state(userId)).toEqual({ passwordHash: 'new', sessions: 0 });
  });
});
