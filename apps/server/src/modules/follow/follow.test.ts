import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage } from '@melon/shared/contracts/feed';
import type { AuthorList, FollowState } from '@melon/shared/contracts/follow';
import {
  blockUser,
  followAction,
  getAttentionFeed,
  getFansList,
  getFollowList,
  getFollowRelation,
  searchFollowList,
  unblockUser,
} from '@melon/shared/calls/follow.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import type { AnswerEnvelope as Envelope } from '../../testing/answer-envelope.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new user and a signed-in visitor of theirs. */
async function member(name?: string): Promise<{ id: string; v: Visitor }> {
  const id = await createUser(t.db, t.newId, name === undefined ? {} : { name });
  return { id, v: await t.signedIn(id) };
}

function postForm(url: string, headers: Record<string, string>, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `${url}?aid=1768`,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const follow = (v: Visitor, toUserId: string, action = 'follow') =>
  postForm(followAction.path, v.headers, { to_user_id: toUserId, action });

async function list(path: string, query: string, v?: Visitor) {
  const res = await t.app.inject({
    url: `${path}?${query}`,
    headers: v?.headers ?? t.visitor().headers,
  });
  return { status: res.statusCode, body: res.json<Envelope<AuthorList>>() };
}

const counts = (id: string) =>
  t.db
    .selectFrom('users')
    .select(['followers_count', 'following_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('POST /api/videov2/follow_action', () => {
  it('follows once, counts on both users, and unfollows', async () => {
    const author = await member('关注测试作者');
    const fan = await member();
    const first = await follow(fan.v, author.id);
    expect(first.statusCode).toBe(200);
    expect(first.json<Envelope<FollowState>>().data).toEqual({
      user_id: author.id,
      follow: true,
      fansNum: 1,
    });
    // Following again changes nothing.
    const again = await follow(fan.v, author.id);
    expect(again.json<Envelope<FollowState>>().data.fansNum).toBe(1);
    expect(await counts(author.id)).toEqual({ followers_count: 1, following_count: 0 });
    expect(await counts(fan.id)).toEqual({ followers_count: 0, following_count: 1 });

    const undone = await follow(fan.v, author.id, 'cancel_follow');
    expect(undone.json<Envelope<FollowState>>().data).toEqual({
      user_id: author.id,
      follow: false,
      fansNum: 0,
    });
    const twice = await follow(fan.v, author.id, 'cancel_follow');
    expect(twice.statusCode).toBe(200);
    expect(await counts(author.id)).toEqual({ followers_count: 0, following_count: 0 });
    expect(await counts(fan.id)).toEqual({ followers_count: 0, following_count: 0 });
  });

  it('the video details say whether the viewer follows the author', async () => {
    const author = await member();
    const fan = await member();
    const item = await createItem(t.db, t.newId, author.id);
    const details = async (v: Visitor) =>
      (
        await t.app.inject({ url: `${getVideoDetails.path}?group_id=${item}`, headers: v.headers })
      ).json<Envelope<{ user_info: { follow: boolean } }>>().data.user_info.follow;
    expect(await details(fan.v)).toBe(false);
    await follow(fan.v, author.id);
    expect(await details(fan.v)).toBe(true);
    expect(await details(t.visitor())).toBe(false);
  });

  it('refuses following oneself with 400', async () => {
    const fan = await member();
    const res = await follow(fan.v, fan.id);
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope<null>>()).toMatchObject({
      message: '不能关注自己',
      field: 'to_user_id',
    });
    expect(await counts(fan.id)).toEqual({ followers_count: 0, following_count: 0 });
  });

  it('answers 404 for an unknown user', async () => {
    const fan = await member();
    const res = await follow(fan.v, '1234567890123456789');
    expect(res.statusCode).toBe(404);
    expect(res.json<Envelope<null>>().message).toBe('用户不存在');
    expect(await counts(fan.id)).toEqual({ followers_count: 0, following_count: 0 });
  });

  it.each([
    ['a missing user id', { action: 'follow' }, 'to_user_id'],
    ['a user id with a leading zero', { to_user_id: '0123', action: 'follow' }, 'to_user_id'],
    ['a user id that is not a number', { to_user_id: 'abc', action: 'follow' }, 'to_user_id'],
    ['an unknown action', { to_user_id: '1234567890123456789', action: 'like' }, 'action'],
  ])('refuses %s with 400 naming the field', async (_name, fields, field) => {
    const fan = await member();
    const res = await postForm(followAction.path, fan.v.headers, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope<null>>()).toMatchObject({ code: 400, data: null, field });
  });
});

/** Every follow and block row, to compare before and after a refused write. */
const followsAndBlocks = async () => ({
  follows: await t.db
    .selectFrom('follows')
    .selectAll()
    .orderBy('follower_id')
    .orderBy('followee_id')
    .execute(),
  blocks: await t.db
    .selectFrom('blocks')
    .selectAll()
    .orderBy('blocker_id')
    .orderBy('blocked_id')
    .execute(),
});

const asFields = (body: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)]));

describe.each([
  ['follow_action', followAction.path, 'action', { action: 'like' }],
  ['block', blockUser.path, 'user_id', { user_id: 'abc' }],
  ['block/cancel', unblockUser.path, 'user_id', { user_id: 'abc' }],
])('%s refusals', (_name, url, field, malformation) => {
  let fan: { id: string; v: Visitor };
  let other = '';
  beforeAll(async () => {
    fan = await member();
    other = (await member()).id;
  });
  const body = () =>
    url.endsWith('follow_action') ? { to_user_id: other, action: 'follow' } : { user_id: other };
  itRefusesBadWrites({
    send: (headers, payload) => postForm(url, headers, asFields(payload)),
    signedIn: () => fan.v.headers,
    visitor: () => t.visitor().headers,
    body,
    malformed: () => [field, { ...body(), ...malformation }],
    snapshot: followsAndBlocks,
  });
});

describe('the fan and follow lists', () => {
  it('page newest first with a cursor and mark whom the viewer follows', async () => {
    const star = await member('列表明星');
    const fans = [];
    for (let i = 0; i < 5; i += 1) {
      const fan = await member(`列表粉丝${i}`);
      await follow(fan.v, star.id);
      fans.push(fan);
    }
    const viewer = await member();
    await follow(viewer.v, fans[1]?.id ?? '');

    const first = await list(getFansList.path, `user_id=${star.id}&count=2`, viewer.v);
    expect(first.status).toBe(200);
    expect(first.body.data.fan_nums).toBe(5);
    expect(first.body.data.hasMore).toBe(true);
    const seen = [...first.body.data.userList];
    let cursor = first.body.data.cursor;
    while (cursor) {
      const next = await list(
        getFansList.path,
        `user_id=${star.id}&count=2&cursor=${cursor}`,
        viewer.v,
      );
      seen.push(...next.body.data.userList);
      cursor = next.body.data.cursor;
      if (!next.body.data.hasMore) expect(cursor).toBe('');
    }
    expect(seen.map((entry) => entry.user_id)).toEqual(fans.map((fan) => fan.id).reverse());
    expect(seen.filter((entry) => entry.follow).map((entry) => entry.user_id)).toEqual([
      fans[1]?.id,
    ]);
    expect(seen[0]).toMatchObject({
      name: '列表粉丝4',
      media_id: fans[4]?.id,
      fansNum: 0,
      followNum: 1,
      web_url: `/home/${fans[4]?.id ?? ''}`,
      app_url: '',
    });
    expect(typeof seen[0]?.behotTime).toBe('number');
  });

  it('the follow list is the viewer own when no user is named, all marked followed', async () => {
    const fan = await member();
    const a = await member('我关注的甲');
    const b = await member('我关注的乙');
    await follow(fan.v, a.id);
    await follow(fan.v, b.id);
    const mine = await list(getFollowList.path, '', fan.v);
    expect(mine.body.data.userList.map((entry) => [entry.user_id, entry.follow])).toEqual([
      [b.id, true],
      [a.id, true],
    ]);
    expect(mine.body.data.xigua_anonymous_fans_count_desc).toBe('');
    // Anyone may read a named user's list; a visitor sees nothing followed.
    const seen = await list(getFollowList.path, `user_id=${fan.id}`);
    expect(seen.body.data.userList.map((entry) => entry.follow)).toEqual([false, false]);
  });

  it('searches the viewer follows by name, LIKE characters taken literally', async () => {
    const fan = await member();
    const a = await member('搜索用_甲');
    const b = await member('搜索用乙');
    await follow(fan.v, a.id);
    await follow(fan.v, b.id);
    const hits = await list(searchFollowList.path, `keyword=${encodeURIComponent('用_')}`, fan.v);
    expect(hits.body.data.userList.map((entry) => entry.user_id)).toEqual([a.id]);
    const blank = await list(searchFollowList.path, 'keyword=%20%20', fan.v);
    expect(blank.status).toBe(400);
    expect(blank.body.field).toBe('keyword');
  });

  it('answers 401 to a visitor who names nobody, and to a visitor searching', async () => {
    expect((await list(getFollowList.path, '')).status).toBe(401);
    expect((await list(getFansList.path, '')).status).toBe(401);
    expect((await list(searchFollowList.path, 'keyword=a')).status).toBe(401);
  });

  it.each([
    ['an unknown user', 'user_id=1234567890123456789', 404],
    ['a malformed cursor', 'user_id=1234567890123456789&cursor=abc', 400],
    ['a count above 50', 'user_id=1234567890123456789&count=51', 400],
    ['a user id with letters', 'user_id=12ab', 400],
  ])('refuses %s', async (_name, query, status) => {
    expect((await list(getFansList.path, query)).status).toBe(status);
  });
});

describe('blocks', () => {
  const block = (v: Visitor, userId: string, path: string = blockUser.path) =>
    postForm(path, v.headers, { user_id: userId });

  it('end the follows both ways and keep the blocked user from following back', async () => {
    const author = await member();
    const fan = await member();
    await follow(fan.v, author.id);
    await follow(author.v, fan.id);
    const res = await block(author.v, fan.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope<unknown>>().data).toEqual({ user_id: fan.id, blocked: true });
    expect(await counts(author.id)).toEqual({ followers_count: 0, following_count: 0 });
    expect(await counts(fan.id)).toEqual({ followers_count: 0, following_count: 0 });

    const refused = await follow(fan.v, author.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().message).toBe('由于对方的隐私设置，你无法关注该用户');
    const own = await follow(author.v, fan.id);
    expect(own.statusCode).toBe(403);
    expect(own.json<Envelope<null>>().message).toBe('你已拉黑该用户，请先取消拉黑再关注');
    expect(await counts(author.id)).toEqual({ followers_count: 0, following_count: 0 });

    const cancelled = await block(author.v, fan.id, unblockUser.path);
    expect(cancelled.json<Envelope<unknown>>().data).toEqual({ user_id: fan.id, blocked: false });
    expect((await follow(fan.v, author.id)).statusCode).toBe(200);
  });

  it('keep a blocked user from sending danmaku to the blocker videos, and only theirs', async () => {
    const author = await member();
    const other = await member();
    const fan = await member();
    const item = await createItem(t.db, t.newId, author.id);
    const otherItem = await createItem(t.db, t.newId, other.id);
    await block(author.v, fan.id);
    const send = (itemId: string) =>
      t.app.inject({
        method: 'POST',
        url: `${sendDanmaku.path}?aid=1768&app_name=video_ixigua&format=json`,
        headers: fan.v.headers,
        payload: { item_id: itemId, offset_ms: 1000, text: '被拉黑后的弹幕' },
      });
    const refused = await send(item);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().message).toBe('你已被该视频的作者拉黑，无法发送弹幕');
    const stored = await t.db
      .selectFrom('danmaku')
      .select('id')
      .where('sender_id', '=', fan.id)
      .execute();
    expect(stored).toEqual([]);
    expect((await send(otherItem)).statusCode).toBe(200);
  });

  it('refuse oneself and an unknown user', async () => {
    const fan = await member();
    const self = await block(fan.v, fan.id);
    expect(self.statusCode).toBe(400);
    expect(self.json<Envelope<null>>().message).toBe('不能拉黑自己');
    expect((await block(fan.v, '1234567890123456789')).statusCode).toBe(404);
    const rows = await t.db
      .selectFrom('blocks')
      .select('blocked_id')
      .where('blocker_id', '=', fan.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('GET /api/feedv2/attention', () => {
  const feed = (query: string, v: Visitor) =>
    t.app.inject({ url: `${getAttentionFeed.path}?${query}`, headers: v.headers });

  it('lists the followed authors newest videos, hidden ones left out, newest first', async () => {
    const fan = await member();
    const followed = await member('关注流作者');
    const stranger = await member();
    const base = Date.UTC(2026, 10, 1);
    const older = await createItem(t.db, t.newId, followed.id, { behotTime: base });
    const newer = await createItem(t.db, t.newId, followed.id, { behotTime: base + 60_000 });
    await createItem(t.db, t.newId, followed.id, { visibility: 15, behotTime: base + 120_000 });
    await createItem(t.db, t.newId, stranger.id, { behotTime: base + 180_000 });
    await follow(fan.v, followed.id);

    const first = await feed('count=1', fan.v);
    expect(first.statusCode).toBe(200);
    const page = first.json<Envelope<FeedPage>>().data;
    expect(page.list.map((cell) => cell.groupId)).toEqual([newer]);
    expect(page.list[0]?.userInfo).toMatchObject({ name: '关注流作者', follow: true });
    expect(page.hasMore).toBe(true);
    const second = (await feed('count=1&offset=1', fan.v)).json<Envelope<FeedPage>>().data;
    expect(second.list.map((cell) => cell.groupId)).toEqual([older]);
    expect(second.hasMore).toBe(false);
  });

  it('answers 401 to a visitor and 400 to a count above 50', async () => {
    expect((await feed('', t.visitor())).statusCode).toBe(401);
    const fan = await member();
    const res = await feed('count=51', fan.v);
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope<null>>().field).toBe('count');
  });
});

describe('the follow rate limit', () => {
  it('answers 429 with the wait past 60 follow writes a minute by one user, changing nothing', async () => {
    const fan = await member();
    const author = await member();
    for (let i = 0; i < 60; i += 1) {
      const res = await follow(fan.v, author.id, i % 2 === 0 ? 'follow' : 'cancel_follow');
      expect(res.statusCode).toBe(200);
    }
    const refused = await follow(fan.v, author.id);
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ message: string; data: { retry_after: number } }>();
    expect(body.message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect(body.data.retry_after).toBeGreaterThan(0);
    expect(await counts(author.id)).toEqual({ followers_count: 0, following_count: 0 });
    // Blocks count in the same bucket.
    const other = await member();
    expect((await postForm(blockUser.path, fan.v.headers, { user_id: other.id })).statusCode).toBe(
      429,
    );
  });
});

describe('GET /api/userv2/follow/relation', () => {
  const relation = (query: string, v: Visitor) =>
    t.app.inject({ url: `${getFollowRelation.path}?${query}`, headers: v.headers });

  it('answers which of the authors the viewer follows; nobody for a visitor', async () => {
    const fan = await member();
    const a = await member();
    const b = await member();
    await follow(fan.v, b.id);
    const ids = `user_ids=${a.id},${b.id},1234567890123456789`;
    const mine = await relation(ids, fan.v);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Envelope<{ followed: string[] }>>().data.followed).toEqual([b.id]);
    const visitor = await relation(ids, t.visitor());
    expect(visitor.json<Envelope<{ followed: string[] }>>().data.followed).toEqual([]);
  });

  it.each([
    ['no ids', 'user_ids='],
    ['a malformed id', 'user_ids=12,ab'],
    ['51 ids', `user_ids=${Array.from({ length: 51 }, (_, i) => String(i + 1)).join(',')}`],
  ])('refuses %s with 400', async (_name, query) => {
    const fan = await member();
    const res = await relation(query, fan.v);
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope<null>>().field).toBe('user_ids');
  });
});
