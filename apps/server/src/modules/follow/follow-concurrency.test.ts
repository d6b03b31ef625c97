import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followAction as followActionCall } from '@melon/shared/calls/follow.calls';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/*
 * Counters under load (issue 12): 200 follows from 200 signed-in sessions at the same moment
 * leave the author's followers_count at 200 and each fan's following_count at 1, on SQLite and
 * on PostgreSQL (MELON_TEST_DIALECT); mutual follows and unfollows at once neither deadlock nor
 * drift.
 */

const FANS = 200;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

async function members(n: number): Promise<{ id: string; v: Visitor }[]> {
  const made = [];
  for (let i = 0; i < n; i += 1) {
    const id = await createUser(t.db, t.newId);
    made.push({ id, v: await t.signedIn(id) });
  }
  return made;
}

const followAction = (v: Visitor, toUserId: string, action: 'follow' | 'cancel_follow') =>
  t.app.inject({
    method: 'POST',
    url: `${followActionCall.path}?aid=1768`,
    headers: { ...v.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ to_user_id: toUserId, action }).toString(),
  });

const countsOf = (ids: string[]) =>
  t.db
    .selectFrom('users')
    .select(['id', 'followers_count', 'following_count'])
    .where('id', 'in', ids)
    .execute();

const rowsWhere = async (column: 'follower_id' | 'followee_id', id: string) =>
  (await t.db.selectFrom('follows').select('created_at').where(column, '=', id).execute()).length;

describe('follows at the same moment', () => {
  it(`${FANS} fans following one author at once count ${FANS}`, async () => {
    const [author] = await members(1);
    if (!author) throw new Error('no author');
    const fans = await members(FANS);
    // Each fan also sends a duplicate: a second follow of the same author counts nothing.
    const answers = await Promise.all(
      fans.flatMap((fan) => [
        followAction(fan.v, author.id, 'follow'),
        followAction(fan.v, author.id, 'follow'),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const [authorCounts] = await countsOf([author.id]);
    expect(authorCounts?.followers_count).toBe(FANS);
    expect(await rowsWhere('followee_id', author.id)).toBe(FANS);
    const fanCounts = await countsOf(fans.map((fan) => fan.id));
    expect(fanCounts.map((row) => row.following_count)).toEqual(fanCounts.map(() => 1));

    // Half unfollow while the other half follow again: 100 remain, exactly.
    const half = FANS / 2;
    await Promise.all(
      fans.map((fan, i) => followAction(fan.v, author.id, i < half ? 'cancel_follow' : 'follow')),
    );
    const [after] = await countsOf([author.id]);
    expect(after?.followers_count).toBe(half);
    expect(await rowsWhere('followee_id', author.id)).toBe(half);
  }, 120_000);

  it('mutual follows and unfollows between pairs at once end exact, without deadlock', async () => {
    const people = await members(20);
    const writes = people.flatMap((a, i) => {
      const b = people[(i + 1) % people.length];
      if (!b) return [];
      return [
        followAction(a.v, b.id, 'follow'),
        followAction(b.v, a.id, 'follow'),
        followAction(a.v, b.id, 'cancel_follow'),
        followAction(b.v, a.id, 'follow'),
      ];
    });
    const answers = await Promise.all(writes);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    for (const row of await countsOf(people.map((p) => p.id))) {
      expect(row.followers_count).toBe(await rowsWhere('followee_id', row.id));
      expect(row.following_count).toBe(await rowsWhere('follower_id', row.id));
    }
  }, 120_000);
});
