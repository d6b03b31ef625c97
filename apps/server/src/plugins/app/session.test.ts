import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlobalConfig } from '@melon/shared/contracts/global-config';
import { deleteUserSessions } from '../../modules/session/session.repository.ts';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SESSION_COOKIE } from './session.ts';

let t: TestApp;
let userId = '';
beforeAll(async () => {
  t = await createTestApp();
  userId = await createUser(t.db, t.newId, { name: '会话测试' });
});
afterAll(() => t.close());

const config = async (cookie: string) =>
  (await t.app.inject({ url: '/api/otherv2/global_config', headers: { cookie } })).json<{
    data: GlobalConfig;
  }>().data;

describe('sessions', () => {
  it('a live session makes the visitor signed in', async () => {
    const visitor = await t.signedIn(userId);
    expect(await config(visitor.cookie)).toMatchObject({ id: userId, isLogin: true });
  });

  it('an unknown, forged or ended session token signs nobody in', async () => {
    const visitor = t.visitor();
    expect(await config(`${visitor.cookie}; ${SESSION_COOKIE}=forged`)).toMatchObject({
      id: null,
      isLogin: false,
    });
    const signedIn = await t.signedIn(userId);
    await deleteUserSessions(t.db, userId);
    expect(await config(signedIn.cookie)).toMatchObject({ id: null, isLogin: false });
  });

  it('stores only the hash of the token', async () => {
    const visitor = await t.signedIn(userId);
    const token = /melon_session=([^;]+)/.exec(visitor.cookie)?.[1] ?? '';
    const rows = await t.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });
});
