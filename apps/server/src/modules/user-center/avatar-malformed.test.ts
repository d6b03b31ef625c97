import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAvatar } from '@melon/shared/calls/user-center.calls';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { userCenterMessages } from './user-center.messages.ts';

let t: TestApp;
let userId: string;
let v: Visitor;
beforeAll(async () => {
  t = await createTestApp();
  userId = await createUser(t.db, t.newId);
  v = await t.signedIn(userId);
});
afterAll(async () => {
  await t.close();
});

const avatarUrl = async () =>
  (
    await t.db
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).avatar_url;

const B = 'melonBoundary';

// Found by the route fuzzer (routes-fuzz.test.ts): the multipart parser's own failures had no
// HTTP status and left as 500s.
describe('an avatar upload the multipart parser cannot read', () => {
  it.each([
    ['an empty boundary', 'multipart/form-data; boundary=', `--${B}\r\n`],
    ['no boundary at all', 'multipart/form-data', 'x'],
    [
      'a body cut short',
      `multipart/form-data; boundary=${B}`,
      `--${B}\r\ncontent-disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n\x89PNG`,
    ],
    [
      'a part without headers',
      `multipart/form-data; boundary=${B}`,
      `--${B}\r\n\r\n\r\n--${B}--\r\n`,
    ],
    ['garbage', `multipart/form-data; boundary=${B}`, 'garbage'],
  ])('with %s is a 400 in the envelope and changes nothing', async (_name, type, body) => {
    const before = await avatarUrl();
    const response = await t.app.inject({
      method: 'POST',
      url: uploadAvatar.path,
      headers: { ...v.headers, 'content-type': type },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      data: null,
      field: 'avatar',
    });
    expect(response.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
    expect(await avatarUrl()).toBe(before);
  });

  it('names the message of a form it cannot read', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: uploadAvatar.path,
      headers: { ...v.headers, 'content-type': 'multipart/form-data; boundary=' },
      payload: 'x',
    });
    expect(response.json()).toMatchObject({ message: userCenterMessages.avatarUnreadable });
  });
});
