import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import type { CanUpdateInfo } from '@melon/shared/contracts/user-center';
import { getCanUpdateInfo, updateUserInfo } from '@melon/shared/calls/user-center.calls';
import { post, signInByCode } from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { NAME_CHANGE_INTERVAL_MS } from './profile.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (visitor: Visitor, payload: Record<string, unknown>) =>
  post(t, updateUserInfo.path, visitor, payload);

const profileOf = (userId: string) =>
  t.db
    .selectFrom('users as u')
    .leftJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select(['u.name', 'u.description', 'c.name_updated_at'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();

const canUpdate = async (visitor: Visitor) =>
  (
    await t.app.inject({
      url: getCanUpdateInfo.path,
      headers: { cookie: visitor.cookie },
    })
  ).json<{ data: CanUpdateInfo }>().data;

const NAME_HIDDEN = '昵称不能包含换行、零宽字符、文字方向控制符或其他控制字符';
const DESCRIPTION_HIDDEN = '简介不能包含零宽字符、文字方向控制符或其他控制字符';

let names = 0;
const freshName = (): string => {
  names += 1;
  return `西瓜观众${names}`;
};

describe('POST /web/user/update/user_info/', () => {
  it('changes name and description, answering the account', async () => {
    const { visitor, userId } = await signInByCode(t);
    const name = freshName();
    const response = await update(visitor, { name, description: '爱看纪录片\n也爱看动画' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: AccountInfo }>().data).toMatchObject({
      user_id: userId,
      name,
      description: '爱看纪录片\n也爱看动画',
    });
    const row = await profileOf(userId);
    expect(row.name).toBe(name);
    expect(row.name_updated_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps an emoji sequence joined by U+200D in a name', async () => {
    const { visitor, userId } = await signInByCode(t);
    const name = `👩‍💻${freshName().slice(0, 10)}`;
    expect((await update(visitor, { name })).statusCode).toBe(200);
    expect((await profileOf(userId)).name).toBe(name);
  });

  it('accepts a form body with aid, trimming the name', async () => {
    const { visitor, userId } = await signInByCode(t);
    const name = freshName();
    const response = await t.app.inject({
      method: 'POST',
      url: `${updateUserInfo.path}?aid=1768`,
      headers: { ...visitor.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: `  ${name} `, aid: '1768' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect((await profileOf(userId)).name).toBe(name);
  });

  it('lets the name change once in 30 days; descriptions any time', async () => {
    const { visitor, userId } = await signInByCode(t);
    expect(await canUpdate(visitor)).toEqual({
      can_update_name: true,
      next_name_update_time: null,
    });
    const first = freshName();
    expect((await update(visitor, { name: first })).statusCode).toBe(200);

    const status = await canUpdate(visitor);
    expect(status.can_update_name).toBe(false);
    const expected = (Date.now() + NAME_CHANGE_INTERVAL_MS) / 1000;
    expect(Math.abs((status.next_name_update_time ?? 0) - expected)).toBeLessThan(60);

    const second = await update(visitor, { name: freshName(), description: '新简介' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ field: 'name' });
    expect(second.json<{ message: string }>().message).toMatch(
      /^昵称每 30 天只能修改一次，\d{4}-\d{2}-\d{2} 后可再次修改$/,
    );
    expect(await profileOf(userId)).toMatchObject({ name: first, description: '' });

    // Sending the current name again changes nothing and is no change of name.
    expect((await update(visitor, { name: first, description: '新简介' })).statusCode).toBe(200);
    expect((await profileOf(userId)).description).toBe('新简介');

    await t.db
      .updateTable('user_credentials')
      .set({ name_updated_at: Date.now() - NAME_CHANGE_INTERVAL_MS - 1 })
      .where('user_id', '=', userId)
      .execute();
    expect((await canUpdate(visitor)).can_update_name).toBe(true);
    expect((await update(visitor, { name: freshName() })).statusCode).toBe(200);
  });

  it('refuses a name someone else has, changing nothing', async () => {
    const alice = await signInByCode(t);
    const bob = await signInByCode(t);
    const taken = (await profileOf(alice.userId)).name;
    const response = await update(bob.visitor, { name: taken, description: '不应写入' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 409,
      message: '该昵称已被使用',
      data: null,
      field: 'name',
    });
    expect(await profileOf(bob.userId)).toMatchObject({ description: '', name_updated_at: null });
  });

  it.each([
    ['a name of one character', { name: '瓜' }, 'name', '昵称需为 2–20 个字符'],
    ['a name of 21 characters', { name: '瓜'.repeat(21) }, 'name', '昵称需为 2–20 个字符'],
    ['a name short once trimmed', { name: '  瓜  ' }, 'name', '昵称需为 2–20 个字符'],
    ['a name with a line break', { name: '西瓜\n观众' }, 'name', NAME_HIDDEN],
    ['a name with a NUL', { name: '西瓜\u0000观众' }, 'name', NAME_HIDDEN],
    ['a name with a zero-width space', { name: '西瓜\u200b观众' }, 'name', NAME_HIDDEN],
    ['a name with a zero-width joiner', { name: '西瓜\u200d观众' }, 'name', NAME_HIDDEN],
    ['a name with a right-to-left mark', { name: '西瓜\u200f观众' }, 'name', NAME_HIDDEN],
    ['a name with a word joiner', { name: '西瓜\u2060观众' }, 'name', NAME_HIDDEN],
    ['a name with an invisible plus', { name: '西瓜\u2064观众' }, 'name', NAME_HIDDEN],
    ['a name with a BOM', { name: '\ufeff西瓜观众' }, 'name', NAME_HIDDEN],
    ['a name with a right-to-left override', { name: '西瓜\u202e众观' }, 'name', NAME_HIDDEN],
    ['a name with a left-to-right embedding', { name: '西瓜\u202a观众' }, 'name', NAME_HIDDEN],
    ['a name with a first-strong isolate', { name: '西瓜\u2068观众' }, 'name', NAME_HIDDEN],
    ['a name with a pop isolate', { name: '西瓜观众\u2069' }, 'name', NAME_HIDDEN],
    ['a name with a soft hyphen', { name: '西瓜\u00ad观众' }, 'name', NAME_HIDDEN],
    ['a name with a C1 control', { name: '西瓜\u0085观众' }, 'name', NAME_HIDDEN],
    ['a name with a line separator', { name: '西瓜\u2028观众' }, 'name', NAME_HIDDEN],
    ['a name of zero-width spaces only', { name: '\u200b\u200b\u200b' }, 'name', NAME_HIDDEN],
    [
      'a description of 201 characters',
      { description: '字'.repeat(201) },
      'description',
      '简介最多 200 个字',
    ],
    ['a description with a bell', { description: '你好\u0007' }, 'description', DESCRIPTION_HIDDEN],
    [
      'a description with a right-to-left override',
      { description: '你好\u202e' },
      'description',
      DESCRIPTION_HIDDEN,
    ],
    [
      'a description with a zero-width space',
      { description: '你\u200b好' },
      'description',
      DESCRIPTION_HIDDEN,
    ],
    ['nothing', {}, undefined, '没有需要修改的内容'],
  ])('refuses %s, changing nothing', async (_kind, payload, field, message) => {
    const { visitor, userId } = await signInByCode(t);
    const before = await profileOf(userId);
    const response = await update(visitor, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message, ...(field ? { field } : {}) });
    expect(await profileOf(userId)).toEqual(before);
  });

  it('takes names and descriptions at their limits, counting characters not bytes', async () => {
    const { visitor, userId } = await signInByCode(t);
    // 20 characters, 21 UTF-16 units.
    const name = `${'瓜'.repeat(19)}🍉`;
    const description = '🍉'.repeat(200);
    const response = await update(visitor, { name, description });
    expect(response.statusCode).toBe(200);
    expect(await profileOf(userId)).toMatchObject({ name, description });
  });

  it('answers 429 with the wait past 20 updates a minute by one user', async () => {
    const { visitor } = await signInByCode(t);
    for (let i = 0; i < 20; i += 1) {
      expect((await update(visitor, { description: `第 ${i} 版` })).statusCode).toBe(200);
    }
    const response = await update(visitor, { description: '太快了' });
    expect(response.statusCode).toBe(429);
    const body = response.json<{ message: string; data: { retry_after: number } }>();
    expect(body.message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect(body.data.retry_after).toBeGreaterThan(0);
    expect(response.headers['retry-after']).toBe(String(body.data.retry_after));
  });

  it('refuses visitors and forged requests', async () => {
    const visitor = await update(t.visitor(), { description: 'x' });
    expect(visitor.statusCode).toBe(401);
    const { visitor: signedIn, userId } = await signInByCode(t);
    const forged = await t.app.inject({
      method: 'POST',
      url: updateUserInfo.path,
      headers: { cookie: signedIn.cookie },
      payload: { description: '伪造' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await profileOf(userId)).description).toBe('');
    const can = await t.app.inject({
      url: getCanUpdateInfo.path,
      headers: { cookie: t.visitor().cookie },
    });
    expect(can.statusCode).toBe(401);
  });
});
