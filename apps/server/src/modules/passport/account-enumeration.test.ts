import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailRegister,
  passwordLogin,
  resetPassword,
  sendEmailCode,
  sendSmsCode,
} from '@melon/shared/calls/passport.calls';
import {
  freshMobile,
  post,
  readOutbox,
  sessionTokenOf,
  signInByCode,
} from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createAccount } from '../account/account.service.ts';
import { hashPassword } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let emails = 0;
const freshEmail = (): string => `enum${++emails}@example.com`;

/** What a caller sees of an answer: status, body, and the headers that could differ. */
const seen = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json<unknown>(),
  retryAfter: response.headers['retry-after'],
  captcha: response.headers['x-captcha-required'],
  session: sessionTokenOf(response) !== undefined,
});

const sendSms = (mobile: string, type: string) =>
  post(t, sendSmsCode.path, t.visitor(), { mobile, type });
const sendEmail = (email: string) =>
  post(t, sendEmailCode.path, t.visitor(), { email, type: 'register' });

const lastMessageTo = async (kind: 'sms' | 'email', to: string) =>
  (await readOutbox(t, kind)).findLast((entry) => entry.to === to);

describe('known and unknown numbers and addresses get one answer', () => {
  it('send_code for a reset: the same answer, and the same answer again within a minute', async () => {
    const { mobile: known } = await signInByCode(t);
    await t.db.deleteFrom('verification_codes').where('target', '=', known).execute();
    const unknown = freshMobile();

    const first = [await sendSms(known, 'reset'), await sendSms(unknown, 'reset')].map(seen);
    expect(first[1]).toEqual(first[0]);
    expect(first[0]?.status).toBe(200);
    const again = [await sendSms(known, 'reset'), await sendSms(unknown, 'reset')].map(seen);
    expect(again[0]?.status).toBe(429);
    // The wait may differ by the second between the two requests; nothing else may.
    const withoutWait = (answer: unknown) => JSON.stringify(answer).replace(/\d+/g, 'n');
    expect(withoutWait(again[1])).toBe(withoutWait(again[0]));
    expect(JSON.stringify(again[1])).toContain('验证码发送过于频繁');

    // The owner gets a code; the unknown number a notice without one.
    expect((await lastMessageTo('sms', known))?.code).toMatch(/^\d{6}$/);
    const notice = await lastMessageTo('sms', unknown);
    expect(notice?.code ?? null).toBeNull();
    expect(notice?.text).toContain('尚未注册');
  });

  it('email send_code: a registered address answers like a new one, and is told by email', async () => {
    const registered = freshEmail();
    await createAccount(t.db, t.newId, { email: registered });
    const fresh = freshEmail();
    const answers = [await sendEmail(registered), await sendEmail(fresh)].map(seen);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(200);
    const notice = await lastMessageTo('email', registered);
    expect(notice?.code ?? null).toBeNull();
    expect(notice?.text).toContain('已注册');
    expect((await lastMessageTo('email', fresh))?.code).toMatch(/^\d{6}$/);
  });

  it('password sign-in: an unknown account, one without a password and a wrong password alike', async () => {
    const { mobile: withoutPassword } = await signInByCode(t);
    const withPassword = freshMobile();
    await createAccount(t.db, t.newId, {
      mobile: withPassword,
      passwordHash: await hashPassword('right1234'),
    });
    const login = (account: string) =>
      post(t, passwordLogin.path, t.visitor(), { account, password: 'wrong1234' });
    const answers = [
      await login(withPassword),
      await login(withoutPassword),
      await login(freshMobile()),
      await login(freshEmail()),
      await login('没有这个人'),
    ].map(seen);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(400);
  });

  it('reset: an unknown number answers like a known one, before and after a code is asked for', async () => {
    const { mobile: known } = await signInByCode(t);
    await t.db.deleteFrom('verification_codes').where('target', '=', known).execute();
    const unknown = freshMobile();
    const reset = (mobile: string) =>
      post(t, resetPassword.path, t.visitor(), {
        mobile,
        code: '000000',
        password: 'other1234',
      });
    const before = [await reset(known), await reset(unknown)].map(seen);
    expect(before[1]).toEqual(before[0]);
    expect(before[0]?.status).toBe(400);

    await sendSms(known, 'reset');
    await sendSms(unknown, 'reset');
    const wrong = (code: string | null | undefined) => (code === '000000' ? '000001' : '000000');
    const knownCode = (await lastMessageTo('sms', known))?.code;
    const after = [
      await post(t, resetPassword.path, t.visitor(), {
        mobile: known,
        code: wrong(knownCode),
        password: 'other1234',
      }),
      await post(t, resetPassword.path, t.visitor(), {
        mobile: unknown,
        code: wrong(knownCode),
        password: 'other1234',
      }),
    ].map(seen);
    expect(after[1]).toEqual(after[0]);
    expect(after[0]?.body).toMatchObject({ message: '验证码错误，还可以再试 4 次' });
  });

  it('email registration: a registered address answers like a new one to a wrong code', async () => {
    const registered = freshEmail();
    await createAccount(t.db, t.newId, { email: registered });
    const fresh = freshEmail();
    const register = (email: string) =>
      post(t, emailRegister.path, t.visitor(), {
        email,
        code: '000000',
        password: 'melon2026',
      });
    const before = [await register(registered), await register(fresh)].map(seen);
    expect(before[1]).toEqual(before[0]);
    expect(before[0]?.status).toBe(400);
  });
});
