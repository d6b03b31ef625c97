import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyCertification,
  getCertificationStatus,
} from '@melon/shared/calls/certification.calls';
import { getAuthorHome } from '@melon/shared/calls/author.calls';
import { runCertificationReview } from '../../cli/certification-review.ts';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * Creator certification (decision 046): the applicant submits, sees the state, waits (one
 * pending per kind), is rejected with a reason, resubmits, is approved; the approval shows on
 * the author page. The operator decides on the command line.
 */

let t: TestApp;
let userId = '';
let user: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  userId = await createUser(t.db, t.newId, { name: '认证作者' });
  user = await t.signedIn(userId);
});
afterAll(() => t.close());

interface Application {
  id: string;
  kind: string;
  state: string;
  field: string;
  works: string[];
  reason: string;
  review_time: number;
}

const interest = {
  kind: 'interest',
  field: '美食',
  works: ['https://melon.example/7000000000000000001'],
};
const profession = {
  kind: 'profession',
  field: '医生',
  real_name: '王小明',
  proof: '某某医院官网医师名录第 3 页',
};

function apply(viewer: Visitor, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: applyCertification.path,
    headers: viewer.headers,
    payload,
  });
}

async function status(viewer: Visitor) {
  const res = await t.app.inject({ url: getCertificationStatus.path, headers: viewer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: {
      interest: Application | null;
      profession: Application | null;
      user_auth_info: Record<string, unknown> | null;
    };
  }>().data;
}

async function review(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCertificationReview(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    db: t.db,
  });
  return { code, out, err };
}

const snapshot = async () => ({
  applications: await t.db
    .selectFrom('certification_applications')
    .selectAll()
    .orderBy('id')
    .execute(),
  users: await t.db.selectFrom('users').select(['id', 'user_auth_info']).orderBy('id').execute(),
});

/** The certification on the author page (as the author sees it: visitors' is cached a second). */
async function authInfoOnAuthorPage() {
  const res = await t.app.inject({
    url: `${getAuthorHome.path}?to_user_id=${userId}`,
    headers: user.headers,
  });
  return res.json<{ data: { user_info: { user_auth_info: unknown } } }>().data.user_info
    .user_auth_info;
}

describe('certification', () => {
  it('submits, refuses a second pending one, rejects with a reason, resubmits and approves', async () => {
    expect(await status(user)).toEqual({ interest: null, profession: null, user_auth_info: null });
    const first = await apply(user, interest);
    expect(first.statusCode, first.body).toBe(200);
    const submitted = first.json<{ data: Application }>().data;
    expect(submitted).toMatchObject({ kind: 'interest', state: 'pending', field: '美食' });
    expect(submitted.works).toEqual(interest.works);

    const twice = await apply(user, interest);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: '已有一份申请正在审核中，请耐心等待' });

    const rejected = await review(submitted.id, 'reject', '--reason', '代表作品不足');
    expect(rejected.code).toBe(0);
    expect((await status(user)).interest).toMatchObject({
      id: submitted.id,
      state: 'rejected',
      reason: '代表作品不足',
    });
    expect((await review(submitted.id, 'approve')).code).toBe(1);

    const again = await apply(user, {
      ...interest,
      works: [...interest.works, 'https://a.example/b'],
    });
    expect(again.statusCode).toBe(200);
    const second = again.json<{ data: Application }>().data;
    expect(second.id).not.toBe(submitted.id);
    expect((await review(second.id, 'approve')).code).toBe(0);
    const now = await status(user);
    expect(now.interest).toMatchObject({ id: second.id, state: 'approved', reason: '' });
    expect(now.interest?.review_time).toBeGreaterThan(0);
    expect(now.user_auth_info).toEqual({ auth_type: 'interest', auth_info: '美食领域创作者' });
    expect(await authInfoOnAuthorPage()).toEqual(now.user_auth_info);

    const approvedAgain = await apply(user, interest);
    expect(approvedAgain.statusCode).toBe(409);
    expect(approvedAgain.json()).toMatchObject({ message: '已通过该认证，无需重复申请' });
  });

  it('lets a profession outrank an interest on the author page', async () => {
    const res = await apply(user, profession);
    expect(res.statusCode, res.body).toBe(200);
    expect((await review(res.json<{ data: Application }>().data.id, 'approve')).code).toBe(0);
    expect(await authInfoOnAuthorPage()).toEqual({ auth_type: 'profession', auth_info: '医生' });
  });

  it('asks each kind for its own fields, and changes nothing when one is missing', async () => {
    const other = await t.signedIn(await createUser(t.db, t.newId));
    const before = await snapshot();
    for (const [payload, field] of [
      [{ kind: 'interest', field: '旅行' }, 'works'],
      [{ kind: 'interest', field: '   ', works: interest.works }, 'field'],
      [{ kind: 'profession', field: '律师', proof: '执业证' }, 'real_name'],
      [{ kind: 'profession', field: '律师', real_name: '李四' }, 'proof'],
      [{ ...interest, works: ['javascript:alert(1)'] }, 'works'],
    ] as const) {
      const res = await apply(other, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ code: 400 });
      expect(res.json<{ field: string }>().field).toMatch(new RegExp(`^${field}`));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad review on the command line', async () => {
    const before = await snapshot();
    expect((await review('7000000000000000404', 'approve')).code).toBe(1);
    expect((await review('7000000000000000404', 'maybe')).code).toBe(2);
    expect((await review('7000000000000000404', 'reject', '--reason')).code).toBe(2);
    expect((await review('nope', 'approve')).code).toBe(2);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 to a visitor asking for the state', async () => {
    const res = await t.app.inject({
      url: getCertificationStatus.path,
      headers: t.visitor().headers,
    });
    expect(res.statusCode).toBe(401);
  });

  describe('apply', () => {
    let fresh: Visitor;
    beforeAll(async () => {
      fresh = await t.signedIn(await createUser(t.db, t.newId));
    });
    itRefusesBadWrites({
      send: (headers, payload) =>
        t.app.inject({ method: 'POST', url: applyCertification.path, headers, payload }),
      signedIn: () => fresh.headers,
      visitor: () => t.visitor().headers,
      body: () => ({ ...interest }),
      malformed: () => ['kind', { ...interest, kind: 'royalty' }],
      snapshot,
    });
  });
});
