import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import type { FeedbackCategory } from '@melon/shared/contracts/feedback';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createFeedbackService } from '../modules/feedback/feedback.service.ts';
import { insertFeedbackImage } from '../modules/feedback/feedback.repository.ts';
import { createUser } from '../testing/factories.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { runCliCommand } from '../testing/cli-command.ts';
import { runFeedback } from './feedback.ts';
import { terminalText } from './terminal-text.ts';

/*
 * `melon feedback list` and `melon feedback close` on a real database: the messages with their
 * sender, client fields, screenshots and words, filtered by time and category; closing once;
 * bad usages refused.
 */

const newId = createIdGenerator();
let database: OpenedDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const run = (args: string[]) => runCliCommand(runFeedback, database.db, args);

/** Posts a message as the form does (the service; no file is stored by `post`). */
async function send(category: FeedbackCategory, description: string, userId: string | null) {
  const { db } = database;
  const storage = {} as MediaStorage;
  const webId = `7${String(Date.now()).slice(-12)}${Math.floor(Math.random() * 1000)}`;
  const uploader = userId === null ? `w:${webId}` : `u:${userId}`;
  const imageId = newId();
  const uri = `private/feedback-images/${imageId}.webp`;
  await insertFeedbackImage(db, {
    id: imageId,
    uri,
    uploader,
    feedback_id: null,
    position: null,
    width: 10,
    height: 10,
    bytes: 100,
    created_at: Date.now(),
  });
  const { id } = await createFeedbackService({ db, storage, newId }).post(
    { userId, webId, userAgent: '' },
    { category, description, contact: '13900139000', image_uris: uri, version_code: '2.11.0-1' },
  );
  return { id, uri, webId };
}

describe('melon feedback list', () => {
  it('lists messages with the sender, client, screenshots and words; filters by category', async () => {
    const visitor = await send('danmaku', '弹幕一直不显示\n刷新也没用', null);
    const userId = await createUser(database.db, newId);
    const signedIn = await send('account', '手机号换了，无法登录账号', userId);

    const all = await run(['list']);
    expect(all.code).toBe(0);
    const at = all.out.findIndex((line) => line.startsWith(`${visitor.id}  open  danmaku  sent `));
    expect(all.out.slice(at + 1, at + 6)).toEqual([
      `  from: visitor ${visitor.webId}  contact: 13900139000`,
      '  client: version_code=2.11.0-1 os_version=未知系统',
      `  screenshot: media storage ${visitor.uri} (private)`,
      '  | 弹幕一直不显示',
      '  | 刷新也没用',
    ]);
    expect(all.out).toContain(`  from: user ${userId}  contact: 13900139000`);

    const account = await run(['list', '--category', 'account']);
    expect(account.out.filter((line) => !line.startsWith(' '))).toEqual([
      expect.stringMatching(new RegExp(`^${signedIn.id}  open  account  sent `)) as string,
    ]);
    expect(account.err).toEqual(['melon: 1 feedback message(s)']);
  });

  it('shows terminal escapes and bidi overrides of a message escaped, its Chinese as it is', async () => {
    const { db } = database;
    const webId = `7${String(Date.now()).slice(-12)}${Math.floor(Math.random() * 1000)}`;
    const { id } = await createFeedbackService({ db, storage: {} as MediaStorage, newId }).post(
      { userId: null, webId, userAgent: '' },
      {
        category: 'other',
        description: '清屏了\x1b[2J\x1b]0;pwned\x07\n文件 \u202eexe.txt\r打不开',
        contact: 'qq\x1b[8m 123',
        version_code: '2.11\x9b31m',
      },
    );
    const { out } = await run(['list', '--category', 'other']);
    const at = out.findIndex((line) => line.startsWith(`${id}  open  other  sent `));
    expect(out.slice(at + 1, at + 5)).toEqual([
      `  from: visitor ${webId}  contact: qq\\x1b[8m 123`,
      '  client: version_code=2.11\\x9b31m os_version=未知系统',
      '  | 清屏了\\x1b[2J\\x1b]0;pwned\\x07',
      '  | 文件 \\u202eexe.txt\\x0d打不开',
    ]);
    // Nothing left that printing would act on.
    for (const line of out) expect(terminalText(line)).toBe(line);
  });

  it('lists only messages since the time given', async () => {
    await send('other', '很久以前的反馈内容', null);
    const future = await run(['list', '--since', '2999-01-01']);
    expect(future).toMatchObject({ code: 0, out: [], err: ['melon: 0 feedback message(s)'] });
  });

  it.each([
    [['list', '--category', 'spam']],
    [['list', '--since', 'yesterday']],
    [['list', '--since']],
    [['list', '--state', 'open']],
    [['close']],
    [['close', 'not-an-id']],
    [['remove', '123']],
  ])('refuses the bad usage %j with exit code 2', async (args) => {
    const { code, err } = await run(args);
    expect(code).toBe(2);
    expect(err[0]).toMatch(/^usage: melon feedback list/);
  });
});

describe('melon feedback close', () => {
  it('closes an open message once', async () => {
    const { id } = await send('play', '视频加载非常慢，一直转圈', null);
    expect(await run(['close', id])).toMatchObject({
      code: 0,
      out: [`melon: feedback ${id} closed`],
    });
    const listed = await run(['list', '--category', 'play']);
    expect(listed.out.find((line) => line.startsWith(id))).toMatch(
      new RegExp(`^${id}  closed  play  sent .+ UTC closed .+ UTC$`),
    );
    expect(await run(['close', id])).toMatchObject({
      code: 1,
      err: [`melon: feedback ${id} was closed already`],
    });
  });

  it('refuses an unknown message', async () => {
    const id = newId();
    expect(await run(['close', id])).toMatchObject({ code: 1, err: [`melon: no feedback ${id}`] });
  });
});
