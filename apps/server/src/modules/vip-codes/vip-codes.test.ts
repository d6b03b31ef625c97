import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupVipCode } from '@melon/shared/vip/vip-code';
import { exchangeVipCode } from '@melon/shared/calls/vip.calls';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';
import { findMembership } from '../membership/membership.repository.ts';
import { mintVipCodes, type MintRequest } from './vip-code-mint.ts';
import { newVipCode } from './vip-code-secret.ts';

/*
 * Membership redeem codes (decision 052): minted codes redeem once, add their days to the
 * membership and answer the new expiry; used, expired, unknown and malformed codes are refused
 * in Chinese and change nothing; two concurrent redeems of one code: one wins; attempts are
 * limited per user and per address.
 */

const DAY = 24 * 3600 * 1000;
const URL = exchangeVipCode.path;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function mint(request: Partial<MintRequest> = {}): Promise<string[]> {
  return mintVipCodes(t.db, {
    count: 1,
    days: 30,
    validDays: 365,
    nowMs: Date.now(),
    ...request,
  });
}

async function member(): Promise<{ id: string; session: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, session: await t.signedIn(id) };
}

/** Sent from 10.0.0.1 unless told: the limit tests count on addresses of their own. */
function redeem(session: Visitor, code: unknown, remoteAddress = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: URL,
    headers: session.headers,
    payload: { code },
    remoteAddress,
  });
}

const snapshot = async () => ({
  codes: await t.db
    .selectFrom('vip_codes')
    .select(['code_hash', 'redeemed_by', 'redeemed_at'])
    .orderBy('code_hash')
    .execute(),
  memberships: await t.db
    .selectFrom('vip_memberships')
    .select(['user_id', 'expires_at'])
    .orderBy('user_id')
    .execute(),
});

describe('redeeming a code', () => {
  it('adds its days and answers the new expiry, once', async () => {
    const [code = ''] = await mint({ days: 30 });
    const { id, session } = await member();
    const before = Date.now();
    const res = await redeem(session, groupVipCode(code).toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: unknown }>();
    const expiresAt = (await findMembership(t.db, id))?.expires_at ?? 0;
    expect(data).toEqual({
      days: 30,
      membership: { validity: 1, expires_at: Math.floor(expiresAt / 1000) },
    });
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const again = await redeem(session, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, field: 'code', message: '该兑换码已被使用' });
    expect((await findMembership(t.db, id))?.expires_at).toBe(expiresAt);
  });

  it('adds to a membership still running', async () => {
    const [first = '', second = ''] = await mint({ count: 2, days: 7 });
    const { id, session } = await member();
    expect((await redeem(session, first)).statusCode).toBe(200);
    const afterFirst = (await findMembership(t.db, id))?.expires_at ?? 0;
    expect((await redeem(session, second)).statusCode).toBe(200);
    expect((await findMembership(t.db, id))?.expires_at).toBe(afterFirst + 7 * DAY);
  });

  it('stores no code, only its hash', async () => {
    const [code = ''] = await mint();
    const rows = await t.db.selectFrom('vip_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a code used by someone else, an expired, an unknown and a malformed one', async () => {
    const [used = ''] = await mint();
    const [expired = ''] = await mint({ nowMs: Date.now() - 10 * DAY, validDays: 3 });
    const first = await member();
    expect((await redeem(first.session, used)).statusCode).toBe(200);
    const { id, session } = await member();
    const before = await snapshot();
    const refusals: [string, number, string][] = [
      [used, 409, '该兑换码已被使用'],
      [expired, 409, '该兑换码已过期'],
      [newVipCode(), 400, '兑换码无效'],
      ['7K3M-Q9TX-H2PV-R8W0', 400, '兑换码格式不正确，应为 16 位字母和数字'],
      ['短码', 400, '兑换码格式不正确，应为 16 位字母和数字'],
    ];
    for (const [code, status, message] of refusals) {
      const res = await redeem(session, code);
      expect(res.statusCode, code).toBe(status);
      expect(res.json()).toMatchObject({ code: status, field: 'code', message, data: null });
    }
    expect(await snapshot()).toEqual(before);
    expect(await findMembership(t.db, id)).toBeUndefined();
  });

  it('lets one of two concurrent redeems of a code win', async () => {
    const [code = ''] = await mint({ days: 10 });
    const one = await member();
    const two = await member();
    const answers = await Promise.all([redeem(one.session, code), redeem(two.session, code)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0].statusCode === 200 ? one : two;
    const loser = winner === one ? two : one;
    expect(await findMembership(t.db, winner.id)).toBeDefined();
    expect(await findMembership(t.db, loser.id)).toBeUndefined();
    const row = await t.db
      .selectFrom('vip_codes')
      .select('redeemed_by')
      .where('redeemed_by', 'in', [one.id, two.id])
      .execute();
    expect(row).toEqual([{ redeemed_by: winner.id }]);
  });

  it('grants each of many concurrent redeems of different codes by one user', async () => {
    const codes = await mint({ count: 5, days: 2 });
    const { id, session } = await member();
    const now = Date.now();
    const answers = await Promise.all(codes.map((code) => redeem(session, code)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const expiresAt = (await findMembership(t.db, id))?.expires_at ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(now + 10 * DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * DAY);
  });
});

describe('limits', () => {
  it('stops a user after 10 attempts in 10 minutes, even with a good code', async () => {
    const [good = ''] = await mint();
    const { id, session } = await member();
    for (let n = 0; n < 10; n += 1) {
      expect((await redeem(session, newVipCode(), `10.1.0.${n}`)).statusCode).toBe(400);
    }
    const res = await redeem(session, good, '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toMatch(/^兑换过于频繁，请 .+后再试$/);
    expect(await findMembership(t.db, id)).toBeUndefined();
  });

  it('stops an address after 30 attempts in 10 minutes, whoever is signed in', async () => {
    const from = '10.2.0.1';
    for (let n = 0; n < 3; n += 1) {
      const { session } = await member();
      for (let m = 0; m < 10; m += 1) {
        expect((await redeem(session, newVipCode(), from)).statusCode).toBe(400);
      }
    }
    const [good = ''] = await mint();
    const fresh = await member();
    const res = await redeem(fresh.session, good, from);
    expect(res.statusCode).toBe(429);
    expect(await findMembership(t.db, fresh.id)).toBeUndefined();
    expect((await redeem(fresh.session, good, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('refusals', () => {
  let session: Visitor;
  beforeAll(async () => {
    session = (await member()).session;
  });

  itRefusesBadWrites({
    send: (headers, payload) =>
      t.app.inject({ method: 'POST', url: URL, headers, payload, remoteAddress: '10.3.0.1' }),
    signedIn: () => session.headers,
    visitor: () => t.visitor().headers,
    body: () => ({ code: newVipCode() }),
    malformed: () => ['code', { code: 'x'.repeat(65) }],
    snapshot,
  });
});
