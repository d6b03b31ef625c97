import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionList } from '@melon/shared/contracts/passport';
import { getAccountInfo, getSessions, revokeSession } from '@melon/shared/calls/passport.calls';
import { post, signInByCode } from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (visitor: Visitor) =>
  (await t.app.inject({ url: getSessions.path, headers: { cookie: visitor.cookie } })).json<{
    data: SessionList;
  }>().data.list;

const isSignedIn = async (visitor: Visitor): Promise<boolean> =>
  (await t.app.inject({ url: getAccountInfo.path, headers: { cookie: visitor.cookie } }))
    .statusCode === 200;

const revoke = (visitor: Visitor, sessionId: string) =>
  post(t, revokeSession.path, visitor, { session_id: sessionId });

describe('the user centre device list', () => {
  it('lists the sessions of the user, marking this one, with times in seconds', async () => {
    const phone = await signInByCode(t);
    await signInByCode(t, phone.mobile);
    const sessions = await list(phone.visitor);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    for (const session of sessions) {
      expect(session.session_id).toMatch(/^[1-9][0-9]{18}$/);
      expect(String(session.created_at)).toMatch(/^[0-9]{10}$/);
      expect(String(session.last_seen_at)).toMatch(/^[0-9]{10}$/);
      expect(session.ip).toMatch(/^10\./);
    }
  });

  it('revokes another device: its cookie stops working, this one keeps working', async () => {
    const phone = await signInByCode(t);
    const laptop = await signInByCode(t, phone.mobile);
    // Taken once, the laptop's session is kept for its next calls (decision 072).
    expect(await isSignedIn(laptop.visitor)).toBe(true);
    const other = (await list(phone.visitor)).find((s) => !s.current);
    const response = await revoke(phone.visitor, other?.session_id ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'success', data: { current: false } });
    expect(await isSignedIn(laptop.visitor)).toBe(false);
    expect(await isSignedIn(phone.visitor)).toBe(true);
  });

  it('revoking the current session signs this browser out', async () => {
    const { visitor } = await signInByCode(t);
    const current = (await list(visitor)).find((s) => s.current);
    const response = await revoke(visitor, current?.session_id ?? '');
    expect(response.json()).toMatchObject({ data: { current: true } });
    expect(response.cookies.find((c) => c.name === 'melon_session')?.value).toBe('');
    expect(await isSignedIn(visitor)).toBe(false);
  });

  it("cannot revoke another user's session", async () => {
    const alice = await signInByCode(t);
    const bob = await signInByCode(t);
    const bobSession = (await list(bob.visitor))[0]?.session_id ?? '';
    const response = await revoke(alice.visitor, bobSession);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, message: '该登录设备不存在或已退出' });
    expect(await isSignedIn(bob.visitor)).toBe(true);
  });

  it('refuses visitors, malformed ids and forged requests', async () => {
    const listed = await t.app.inject({
      url: getSessions.path,
      headers: { cookie: t.visitor().cookie },
    });
    expect(listed.statusCode).toBe(401);
    const { visitor } = await signInByCode(t);
    const malformed = await revoke(visitor, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'session_id', message: '登录设备不正确' });
    const current = (await list(visitor))[0]?.session_id ?? '';
    const forged = await t.app.inject({
      method: 'POST',
      url: revokeSession.path,
      headers: { cookie: visitor.cookie },
      payload: { session_id: current },
    });
    expect(forged.statusCode).toBe(403);
    expect(await isSignedIn(visitor)).toBe(true);
  });
});
