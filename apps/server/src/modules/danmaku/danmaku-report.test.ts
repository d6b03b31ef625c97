import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportFiled } from '@melon/shared/contracts/report';
import { reportDanmaku } from '@melon/shared/calls/danmaku.calls';
import { reportUser } from '@melon/shared/calls/report.calls';
import { RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { createDanmakuTestApp, DANMAKU_QUERY as Q, newSender } from '../../testing/danmaku-app.ts';
import type { TestApp, Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * Danmaku reports are bounded as reports of videos, users and comments are: one per user and
 * danmaku (also when sent at the same moment), and counted in the same per-user rate limit.
 */

let t: TestApp;
let item: string;
let authorId: string;
let danmakuId: string;

beforeAll(async () => {
  ({ t, item, author: authorId } = await createDanmakuTestApp());
  danmakuId = await newDanmaku();
});
afterAll(() => t.close());

function post(url: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${url}${Q}`, headers, payload });
}

const report = (v: Visitor, danmaku = danmakuId, reportType = 2) =>
  post(reportDanmaku.path, v.headers, {
    danmaku_id: danmaku,
    report_type: reportType,
    report_reason: '刷屏',
  });

/** A danmaku on the item by someone else, stored as a send stores one. */
async function newDanmaku(): Promise<string> {
  const id = t.newId();
  const now = Date.now();
  await t.db
    .insertInto('danmaku')
    .values({
      id,
      item_id: item,
      offset_ms: 1000,
      text: '举报我',
      colour: 0xffffff,
      mode: 'scroll',
      size: 25,
      pool: 'normal',
      sender_id: authorId,
      send_time: now,
      created_at: now,
    })
    .execute();
  return id;
}

const reportsBy = (userId: string) =>
  t.db.selectFrom('danmaku_reports').selectAll().where('user_id', '=', userId).execute();

const allReports = () =>
  t.db.selectFrom('danmaku_reports').select(['id', 'report_type']).orderBy('id').execute();

describe('POST /vpc_danmaku/report/v1/', () => {
  it('stores one report per user and danmaku; a repeat answers already_reported', async () => {
    const reporter = await newSender(t);
    const first = await report(reporter.v, danmakuId, 2);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      code: 200,
      message: 'success',
      data: { already_reported: false },
    });
    const again = await report(reporter.v, danmakuId, 5);
    expect(again.json<{ data: ReportFiled }>().data).toEqual({ already_reported: true });
    const rows = await reportsBy(reporter.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ danmaku_id: danmakuId, report_type: 2 });

    // Another danmaku, or another user, is another report.
    const other = await newDanmaku();
    expect((await report(reporter.v, other)).json<{ data: ReportFiled }>().data).toEqual({
      already_reported: false,
    });
    const second = await newSender(t);
    expect((await report(second.v)).json<{ data: ReportFiled }>().data).toEqual({
      already_reported: false,
    });
    expect(await reportsBy(reporter.id)).toHaveLength(2);
  });

  it('stores one row when the same report is sent ten times at once', async () => {
    const reporter = await newSender(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => report(reporter.v)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const fresh = answers.filter((a) => !a.json<{ data: ReportFiled }>().data.already_reported);
    expect(fresh).toHaveLength(1);
    expect(await reportsBy(reporter.id)).toHaveLength(1);
  });

  it(`allows ${RATE_LIMITS.report.max} reports a minute per user, then 429 with the wait`, async () => {
    const reporter = await newSender(t);
    const targets: string[] = [];
    for (let i = 0; i <= RATE_LIMITS.report.max; i += 1) targets.push(await newDanmaku());
    for (const target of targets.slice(0, RATE_LIMITS.report.max)) {
      expect((await report(reporter.v, target)).statusCode).toBe(200);
    }
    const limited = await report(reporter.v, targets[RATE_LIMITS.report.max]);
    expect(limited.statusCode).toBe(429);
    const body = limited.json<{ code: number; message: string; data: { retry_after: number } }>();
    expect(body.code).toBe(429);
    expect(body.message).toMatch(/^举报过于频繁，请 .+后再试$/);
    expect(body.data.retry_after).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBe(String(body.data.retry_after));
    expect(await reportsBy(reporter.id)).toHaveLength(RATE_LIMITS.report.max);
  });

  it('counts with the reports of videos, users and comments', async () => {
    const reporter = await newSender(t);
    for (let i = 0; i < RATE_LIMITS.report.max; i += 1) {
      const filed = await post(reportUser.path, reporter.v.headers, {
        user_id: authorId,
        report_type: 1,
      });
      expect(filed.statusCode).toBe(200);
    }
    const limited = await report(reporter.v);
    expect(limited.statusCode).toBe(429);
    expect(await reportsBy(reporter.id)).toHaveLength(0);
  });

  it.each([
    ['an unknown danmaku', { danmaku_id: '1234567890123456789' }, 404, undefined],
    ['a malformed danmaku id', { danmaku_id: '12ab' }, 400, 'danmaku_id'],
    ['no danmaku id', { danmaku_id: undefined }, 400, 'danmaku_id'],
    ['a reason number out of range', { report_type: -1 }, 400, 'report_type'],
    ['a reason that is not a number', { report_type: '刷屏' }, 400, 'report_type'],
    ['words past 500 characters', { report_reason: '长'.repeat(501) }, 400, 'report_reason'],
  ])('refuses %s, storing nothing', async (_case, change, status, field) => {
    const reporter = await newSender(t);
    const before = await allReports();
    const body = { danmaku_id: danmakuId, report_type: 2, report_reason: '刷屏', ...change };
    const res = await post(reportDanmaku.path, reporter.v.headers, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code: status, data: null, ...(field ? { field } : {}) });
    expect(await allReports()).toEqual(before);
  });

  describe('refusals change nothing', () => {
    let reporter: Visitor;
    beforeAll(async () => {
      reporter = (await newSender(t)).v;
    });
    itRefusesBadWrites({
      send: (headers, body) => post(reportDanmaku.path, headers, body),
      signedIn: () => reporter.headers,
      visitor: () => t.visitor().headers,
      body: () => ({ danmaku_id: danmakuId, report_type: 2 }),
      malformed: () => ['danmaku_id', { danmaku_id: 'abc', report_type: 2 }],
      snapshot: allReports,
    });
  });
});
