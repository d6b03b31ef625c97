import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import { REPORT_REASONS, type ReportFiled } from '@melon/shared/contracts/report';
import {
  getReportReasons,
  reportComment,
  reportUser,
  reportVideo,
} from '@melon/shared/calls/report.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * The report calls through real HTTP on a real database: one report per reporter and target
 * (also when sent at the same moment), the target checks, and every refusal — signed out, a
 * forged request, malformed fields, past the rate limit — leaves the reports table as it was.
 */

let t: TestApp;
let reporterId: string;
let reporter: Visitor;
let authorId: string;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  authorId = await createUser(t.db, t.newId);
  videoId = await createItem(t.db, t.newId, authorId);
  reporterId = await createUser(t.db, t.newId);
  reporter = await t.signedIn(reporterId);
});
afterAll(() => t.close());

function post(url: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${url}?aid=1768`, headers, payload });
}

const reportCount = async (): Promise<number> =>
  Number(
    (
      await t.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A fresh reporter, so one test's reports and rate limit stay its own. */
async function newReporter(): Promise<{ id: string; visitor: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, visitor: await t.signedIn(id) };
}

/**
 * A new reporter files the same report twice: the first is stored, the second answered as
 * already filed. Answers the rows stored for that reporter.
 */
async function fileTwice(url: string, body: Record<string, unknown>) {
  const { id, visitor } = await newReporter();
  expect((await post(url, visitor.headers, body)).json()).toMatchObject({
    data: { already_reported: false },
  });
  expect((await post(url, visitor.headers, body)).json()).toMatchObject({
    data: { already_reported: true },
  });
  return t.db.selectFrom('reports').selectAll().where('reporter_id', '=', id).execute();
}

/** A comment on the video, inserted as the comment module stores one. */
async function createComment(
  userId: string,
  state: 'visible' | 'filtered' | 'held' | 'deleted' = 'visible',
  itemId = videoId,
): Promise<string> {
  const id = t.newId();
  const now = Date.now();
  await t.db
    .insertInto('comments')
    .values({
      id,
      item_id: itemId,
      user_id: userId,
      root_id: null,
      reply_to_user_id: null,
      text: '一条评论',
      image_uri: null,
      state,
      hot_key: 0,
      hot_key_since: now,
      created_at: now,
    })
    .execute();
  return id;
}

describe('GET /api/otherv2/get_report_reasons', () => {
  it('answers the reasons of videos, users and comments, each ending with 其他', async () => {
    const response = await t.app.inject({ url: getReportReasons.path });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: typeof REPORT_REASONS }>();
    expect(data).toEqual(REPORT_REASONS);
    for (const reasons of Object.values(data)) {
      expect(reasons.at(-1)).toEqual({ report_type: 99, text: '其他' });
    }
  });
});

describe('POST /api/videov2/report', () => {
  it('stores the report with its reason once; a second answers already_reported', async () => {
    const { id, visitor } = await newReporter();
    const body = { group_id: videoId, report_type: 2, description: '  封面低俗  ' };
    const first = await post(reportVideo.path, visitor.headers, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      code: 200,
      message: 'success',
      data: { already_reported: false },
    });
    const second = await post(reportVideo.path, visitor.headers, { ...body, report_type: 9 });
    expect(second.json<{ data: ReportFiled }>().data).toEqual({ already_reported: true });

    const rows = await t.db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      target_kind: 'video',
      target_id: videoId,
      report_type: 2,
      description: '封面低俗',
    });
  });

  it('takes item_id when group_id is missing (SPEC §5)', async () => {
    const { id, visitor } = await newReporter();
    const response = await post(reportVideo.path, visitor.headers, {
      item_id: videoId,
      report_type: 1,
    });
    expect(response.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('reports')
      .select('target_id')
      .where('reporter_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.target_id).toBe(videoId);
  });

  it('takes a form body as well as JSON', async () => {
    const { id, visitor } = await newReporter();
    const response = await t.app.inject({
      method: 'POST',
      url: `${reportVideo.path}?aid=1768`,
      headers: { ...visitor.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ group_id: videoId, report_type: '3' }).toString(),
    });
    expect(response.json()).toMatchObject({ data: { already_reported: false } });
    const row = await t.db
      .selectFrom('reports')
      .select('report_type')
      .where('reporter_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.report_type).toBe(3);
  });

  it('stores one row when the same report is sent ten times at once', async () => {
    const { id, visitor } = await newReporter();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(reportVideo.path, visitor.headers, { group_id: videoId, report_type: 1 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const fresh = answers.filter((a) => !a.json<{ data: ReportFiled }>().data.already_reported);
    expect(fresh).toHaveLength(1);
    const rows = await t.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers a hidden video as an unknown one, and refuses the author’s own', async () => {
    const hidden = await createItem(t.db, t.newId, authorId, { visibility: Visibility.Self });
    const before = await reportCount();
    for (const group_id of [hidden, '1234567890123456789']) {
      const response = await post(reportVideo.path, reporter.headers, {
        group_id,
        report_type: 1,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, message: '视频不存在', data: null });
    }
    const author = await t.signedIn(authorId);
    const own = await post(reportVideo.path, author.headers, {
      group_id: videoId,
      report_type: 1,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: '不能举报自己的视频', field: 'group_id' });
    expect(await reportCount()).toBe(before);
  });
});

describe('POST /api/userv2/report', () => {
  it('stores a report of another user once', async () => {
    const rows = await fileTwice(reportUser.path, { user_id: authorId, report_type: 1 });
    expect(rows).toMatchObject([{ target_kind: 'user', target_id: authorId, report_type: 1 }]);
  });

  it('refuses oneself and an unknown user', async () => {
    const before = await reportCount();
    const self = await post(reportUser.path, reporter.headers, {
      user_id: reporterId,
      report_type: 1,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: '不能举报自己', field: 'user_id' });
    const unknown = await post(reportUser.path, reporter.headers, {
      user_id: '1234567890123456789',
      report_type: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: '用户不存在' });
    expect(await reportCount()).toBe(before);
  });
});

describe('POST /api/commentv2/report', () => {
  it('stores a report of a comment by its id once', async () => {
    const comment = await createComment(authorId);
    const rows = await fileTwice(reportComment.path, {
      comment_id: comment,
      report_type: 4,
      description: '骂人',
    });
    expect(rows).toMatchObject([{ target_kind: 'comment', target_id: comment, report_type: 4 }]);
  });

  it('lets the video’s author report a comment held for their approval', async () => {
    const { id: writer } = await newReporter();
    const held = await createComment(writer, 'held');
    const author = await t.signedIn(authorId);
    const response = await post(reportComment.path, author.headers, {
      comment_id: held,
      report_type: 8,
    });
    expect(response.json()).toMatchObject({ data: { already_reported: false } });
  });

  it('answers comments the reporter cannot see as unknown, and refuses their own', async () => {
    const { id: writer } = await newReporter();
    const hiddenVideo = await createItem(t.db, t.newId, authorId, {
      visibility: Visibility.Self,
    });
    const unseen = [
      await createComment(writer, 'deleted'),
      await createComment(writer, 'filtered'),
      await createComment(writer, 'held'),
      await createComment(writer, 'visible', hiddenVideo),
      '1234567890123456789',
    ];
    const before = await reportCount();
    for (const comment_id of unseen) {
      const response = await post(reportComment.path, reporter.headers, {
        comment_id,
        report_type: 1,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, message: '评论不存在', data: null });
    }
    const own = await createComment(reporterId);
    const response = await post(reportComment.path, reporter.headers, {
      comment_id: own,
      report_type: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: '不能举报自己的评论', field: 'comment_id' });
    expect(await reportCount()).toBe(before);
  });
});

describe('refusals change nothing', () => {
  const calls: [string, () => Record<string, unknown>, () => [string, Record<string, unknown>]][] =
    [
      [
        reportVideo.path,
        () => ({ group_id: videoId, report_type: 1 }),
        () => ['group_id', { group_id: '12ab', report_type: 1 }],
      ],
      [
        reportUser.path,
        () => ({ user_id: authorId, report_type: 1 }),
        () => ['user_id', { user_id: '12ab', report_type: 1 }],
      ],
      [
        reportComment.path,
        () => ({ comment_id: '1234567890123456789', report_type: 1 }),
        () => ['comment_id', { comment_id: '12ab', report_type: 1 }],
      ],
    ];

  describe.each(calls)('%s', (url, body, malformed) => {
    // A reporter of its own, so these refusals stay within the report rate limit.
    let sender: Visitor;
    beforeAll(async () => {
      sender = (await newReporter()).visitor;
    });
    itRefusesBadWrites({
      send: (headers, payload) => post(url, headers, payload),
      signedIn: () => sender.headers,
      visitor: () => t.visitor().headers,
      body,
      malformed,
      snapshot: reportCount,
    });
  });

  it.each([
    ['an unknown reason', { report_type: 50 }, 'report_type', '请选择举报理由'],
    ['no reason', { report_type: undefined }, 'report_type', '请选择举报理由'],
    ['a reason that is not a number', { report_type: '色情' }, 'report_type', '请选择举报理由'],
    [
      '其他 without words',
      { report_type: 99, description: '   ' },
      'description',
      '选择“其他”时请填写举报说明',
    ],
    [
      'words past 200 characters',
      { description: '长'.repeat(201) },
      'description',
      '举报说明最多 200 个字',
    ],
    [
      'words with a bidi override',
      { description: 'abc\u202Edef' },
      'description',
      '举报说明不能包含零宽字符、文字方向控制符或其他控制字符',
    ],
    ['a malformed video id', { group_id: '12ab' }, 'group_id', '视频不存在'],
    ['no video id', { group_id: undefined }, 'group_id', '请指定要举报的视频'],
  ])('refuses %s with 400 naming the field', async (_case, change, field, message) => {
    const before = await reportCount();
    const body = { group_id: videoId, report_type: 1, ...change };
    const response = await post(reportVideo.path, reporter.headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message, field, data: null });
    expect(await reportCount()).toBe(before);
  });

  it('allows 20 reports a minute per user, then answers 429 with the wait', async () => {
    const { id, visitor } = await newReporter();
    const body = { group_id: videoId, report_type: 1 };
    for (let i = 0; i < 20; i += 1) {
      expect((await post(reportVideo.path, visitor.headers, body)).statusCode).toBe(200);
    }
    const before = await reportCount();
    const limited = await post(reportUser.path, visitor.headers, {
      user_id: authorId,
      report_type: 1,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/^举报过于频繁，请 .+后再试$/);
    expect(await reportCount()).toBe(before);
    const rows = await t.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
