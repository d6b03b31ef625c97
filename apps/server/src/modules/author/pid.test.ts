import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPid, setPid } from '@melon/shared/calls/author.calls';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/** get/pid and set/pid: the signed-in user's personal id, unique across users. */

let t: TestApp;
let first: Visitor;
let second: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  first = await t.signedIn(await createUser(t.db, t.newId));
  second = await t.signedIn(await createUser(t.db, t.newId));
});
afterAll(() => t.close());

const pids = () => t.db.selectFrom('users').select(['id', 'pid']).orderBy('id').execute();

describe('the personal id', () => {
  it('is null until set, then what was set; another user cannot take it', async () => {
    const read = async (viewer: Visitor) =>
      (await t.app.inject({ url: getPid.path, headers: viewer.headers })).json<{
        data: { pid: string | null };
      }>().data.pid;
    expect(await read(first)).toBeNull();
    const set = await t.app.inject({
      method: 'POST',
      url: setPid.path,
      headers: first.headers,
      payload: { pid: 'melon_fan' },
    });
    expect(set.json()).toMatchObject({ code: 200, data: { pid: 'melon_fan' } });
    expect(await read(first)).toBe('melon_fan');
    const before = await pids();
    const taken = await t.app.inject({
      method: 'POST',
      url: setPid.path,
      headers: second.headers,
      payload: { pid: 'melon_fan' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: '这个个性 ID 已被使用', field: 'pid' });
    expect(await pids()).toEqual(before);
  });

  it('answers 401 to get/pid from a visitor', async () => {
    const res = await t.app.inject({ url: getPid.path, headers: t.visitor().headers });
    expect(res.statusCode).toBe(401);
  });

  itRefusesBadWrites({
    send: (headers, payload) =>
      t.app.inject({ method: 'POST', url: setPid.path, headers, payload }),
    signedIn: () => second.headers,
    visitor: () => t.visitor().headers,
    body: () => ({ pid: 'second_one' }),
    malformed: () => ['pid', { pid: '9starts_with_digit' }],
    snapshot: pids,
  });
});
