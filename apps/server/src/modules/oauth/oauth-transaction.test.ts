import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { failWritesTo, InjectedWriteFailure } from '../../testing/write-failure.ts';
import { createOauthService } from './oauth.service.ts';

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const countOf = async (table: 'users' | 'user_credentials' | 'oauth_identities') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('third-party sign-in of a new platform account', () => {
  it('creates the account and its binding together: a failed binding leaves no account', async () => {
    const failing = createOauthService({
      db: database.db.withPlugin(failWritesTo('oauth_identities')),
      newId: createIdGenerator(),
    });
    const profile = { subject: 'sub-new-1', name: '抖音用户', mobile: '13900000001' };
    await expect(failing.signIn('douyin', profile, '/')).rejects.toBeInstanceOf(
      InjectedWriteFailure,
    );
    expect([await countOf('users'), await countOf('user_credentials')]).toEqual([0, 0]);

    // The same sign-in, once the binding can be written, makes both.
    const working = createOauthService({ db: database.db, newId: createIdGenerator() });
    const outcome = await working.signIn('douyin', profile, '/');
    expect(outcome.kind).toBe('signed-in');
    expect([
      await countOf('users'),
      await countOf('user_credentials'),
      await countOf('oauth_identities'),
    ]).toEqual([1, 1, 1]);
  });
});
