import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountInfo, passwordLogin } from '@melon/shared/calls/passport.calls';
import { createAccount } from '../account/account.service.ts';
import { hashPassword } from '../passport/password.ts';
import { post } from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { failWritesTo } from '../../testing/write-failure.ts';

// The app's database cannot write new sessions; the test's own handle can.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ dbPlugins: [failWritesTo('sessions', ['insert'])] });
});
afterAll(() => t.close());

describe('starting a session over a signed-in one', () => {
  it('ends the old session only together with starting the new one', async () => {
    const userId = await createAccount(t.db, t.newId, {
      mobile: '13900000003',
      passwordHash: await hashPassword('melon-pass-1'),
    });
    const visitor = await t.signedIn(userId);
    const response = await post(t, passwordLogin.path, visitor, {
      account: '13900000003',
      password: 'melon-pass-1',
    });
    expect(response.statusCode).toBe(500);
    // The session the browser holds still signs it in.
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(sessions).toHaveLength(1);
    const info = await t.app.inject({
      url: getAccountInfo.path,
      headers: visitor.headers,
    });
    expect(info.json()).toMatchObject({ data: { user_id: userId } });
  });
});
