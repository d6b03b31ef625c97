import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommentPage, CommentView, ReplyPage } from '@melon/shared/contracts/comment';
import {
  addCommentFilter,
  approveComment,
  commentAction,
  createReply,
  deleteComment,
  deleteCommentFilter,
  getCommentFilterList,
  getReplyList,
  getTabComments,
  postMessage,
  stickComment,
} from '@melon/shared/calls/comment.calls';
import { uploadTestCommentImage } from '../../testing/comment-image.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { createCommentService } from './comment.service.ts';

/*
 * The comment calls through HTTP on a real database: posting, replies, likes, deletes, the pin,
 * filter words, held links and their approval, blocks, and the item's comment_count after each.
 */

let t: TestApp;
let authorId = '';
let author: Visitor;
let fanId = '';
let fan: Visitor;
let other: Visitor;

beforeAll(async () => {
  t = await createTestApp();
});
// Fresh people for each test: posting is limited to 10 a minute per user.
beforeEach(async () => {
  authorId = await createUser(t.db, t.newId);
  author = await t.signedIn(authorId);
  fanId = await createUser(t.db, t.newId);
  fan = await t.signedIn(fanId);
  other = await t.signedIn(await createUser(t.db, t.newId));
});
afterAll(() => t.close());

const newItem = () => createItem(t.db, t.newId, authorId);

function form(url: string, who: Visitor, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const json = (url: string, who: Visitor, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });

async function post(
  who: Visitor,
  itemId: string,
  text: string,
  extra: Record<string, string> = {},
) {
  const res = await form(postMessage.path, who, {
    group_id: itemId,
    text,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { comment: CommentView } }>().data.comment;
}

async function reply(who: Visitor, id: string, content: string) {
  const res = await form(createReply.path, who, { id, content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { comment: CommentView } }>().data.comment;
}

async function tab(who: Visitor, itemId: string, query = '') {
  const res = await t.app.inject({
    url: `${getTabComments.path}?group_id=${itemId}&tab_index=2${query}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CommentPage }>().data;
}

async function commentCount(itemId: string): Promise<number> {
  const row = await t.db
    .selectFrom('items')
    .select('comment_count')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.comment_count;
}

describe('posting and listing', () => {
  it('answers the comment as everyone will see it, and counts it on the item', async () => {
    const itemId = await newItem();
    const mine = await post(fan, itemId, '  第一！  ', { web_id: fan.webId });
    expect(mine).toMatchObject({
      group_id: itemId,
      root_id: null,
      text: '第一！',
      segments: [{ kind: 'text', text: '第一！' }],
      user: { user_id: fanId },
      is_author: false,
      digg_count: 0,
      user_digg: false,
      reply_count: 0,
      is_pinned: false,
      status: 'visible',
      image_info: null,
    });
    expect(await commentCount(itemId)).toBe(1);
    const page = await tab(t.visitor(), itemId);
    expect(page).toMatchObject({ total: 1, has_more: false, sort: 'smart_time', offset: '0' });
    expect(page.data.map((c) => c.id)).toEqual([mine.id]);
  });

  it("gives the writer's avatar as a URL under /media/, as every list does", async () => {
    const itemId = await newItem();
    const writerId = await createUser(t.db, t.newId);
    await t.db
      .updateTable('users')
      .set({ avatar_url: `avatars/${writerId}.webp` })
      .where('id', '=', writerId)
      .execute();
    const comment = await post(await t.signedIn(writerId), itemId, '有头像');
    expect(comment.user.avatar_url).toBe(`/media/avatars/${writerId}.webp`);
  });

  it('takes the video from item_id when group_id is left out, and keeps image_info', async () => {
    const itemId = await newItem();
    const uri = await uploadTestCommentImage(t, fan);
    const res = await form(postMessage.path, fan, {
      item_id: itemId,
      text: '有图',
      image_info: uri,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { comment: { image_info: uri } } });
  });

  it('lists newest first, 10 a page, and pages on with offset', async () => {
    const itemId = await newItem();
    const ids: string[] = [];
    const service = createCommentService({ db: t.db, newId: t.newId });
    for (let i = 0; i < 23; i += 1) {
      const comment = await service.post(fanId, itemId, {
        text: `第 ${i} 条`,
        textField: 'text',
        imageUri: undefined,
        origin: 'http://localhost',
      });
      ids.push(comment.id);
    }
    const seen: string[] = [];
    let offset = '0';
    for (;;) {
      const page = await tab(t.visitor(), itemId, `&offset=${offset}`);
      seen.push(...page.data.map((c) => c.id));
      if (!page.has_more) break;
      expect(page.data).toHaveLength(10);
      offset = page.offset;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('shows the first three replies under each comment and the rest through reply_list', async () => {
    const itemId = await newItem();
    const root = await post(fan, itemId, '楼主');
    const replies: CommentView[] = [];
    for (let i = 0; i < 5; i += 1)
      replies.push(await reply(i % 2 ? author : other, root.id, `回复 ${i}`));
    const answer = await reply(author, replies[0]?.id ?? '', '回复回复');
    expect(answer).toMatchObject({
      root_id: root.id,
      is_author: true,
      reply_to_user: { user_id: expect.stringMatching(/^[0-9]+$/) as unknown },
    });
    const page = await tab(t.visitor(), itemId);
    expect(page.total).toBe(7);
    const [shown] = page.data;
    expect(shown?.reply_count).toBe(6);
    expect(shown?.reply_preview.map((r) => r.text)).toEqual(['回复 0', '回复 1', '回复 2']);
    const first = await t.app.inject({
      url: `${getReplyList.path}?id=${root.id}&count=4`,
    });
    const firstPage = first.json<{ data: ReplyPage }>().data;
    expect(firstPage.data.map((r) => r.text)).toEqual(['回复 0', '回复 1', '回复 2', '回复 3']);
    expect(firstPage.has_more).toBe(true);
    const rest = await t.app.inject({
      url: `${getReplyList.path}?id=${root.id}&count=4&offset=${firstPage.offset}`,
    });
    const restPage = rest.json<{ data: ReplyPage }>().data;
    expect(restPage.data.map((r) => r.text)).toEqual(['回复 4', '回复回复']);
    expect(restPage.has_more).toBe(false);
  });

  it('keeps script tags, handlers, javascript: links and bidi tricks as inert text', async () => {
    const itemId = await newItem();
    const payloads = [
      '<script>alert(document.cookie)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">点我</a>',
      'javascript:alert(1)',
      '"><svg/onload=alert(1)>',
    ];
    for (const payload of payloads) {
      const comment = await post(fan, itemId, payload);
      expect(comment.text).toBe(payload);
      expect(comment.segments).toEqual([{ kind: 'text', text: payload }]);
    }
    const res = await t.app.inject({
      url: `${getTabComments.path}?group_id=${itemId}&tab_index=2`,
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(
      res
        .json<{ data: CommentPage }>()
        .data.data.map((c) => c.text)
        .sort(),
    ).toEqual([...payloads].sort());
    const bidi = await form(postMessage.path, fan, {
      group_id: itemId,
      text: '正常\u202Egnp.exe',
    });
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json()).toMatchObject({ code: 400, field: 'text' });
  });

  it('makes only links to this site clickable', async () => {
    const itemId = await newItem();
    const comment = await post(fan, itemId, `推荐 http://localhost:80/video/${itemId} 好看`);
    expect(comment.segments).toEqual([
      { kind: 'text', text: '推荐 ' },
      { kind: 'link', text: `http://localhost:80/video/${itemId}`, path: `/video/${itemId}` },
      { kind: 'text', text: ' 好看' },
    ]);
  });
});

describe('author_only', () => {
  it("lists only comments the video's author wrote or replied to", async () => {
    const itemId = await newItem();
    const byAuthor = await post(author, itemId, '作者说');
    const answered = await post(fan, itemId, '作者会回我吗');
    await reply(author, answered.id, '会的');
    const byFan = await post(fan, itemId, '没人理我');
    await reply(other, byFan.id, '我理你');
    const page = await tab(t.visitor(), itemId, '&author_only=1');
    expect(page.data.map((c) => c.id).sort()).toEqual([byAuthor.id, answered.id].sort());
    expect(page.data.find((c) => c.id === byAuthor.id)?.is_author).toBe(true);
  });
});

describe('the posting limit', () => {
  it('answers the eleventh comment of a minute with 429 and the wait, storing nothing', async () => {
    const itemId = await newItem();
    for (let i = 0; i < 10; i += 1) await post(fan, itemId, `第 ${i} 条`);
    const res = await form(createReply.path, fan, {
      id: (await tab(fan, itemId)).data[0]?.id ?? '',
      content: '太快了',
    });
    expect(res.statusCode).toBe(429);
    const { code, data } = res.json<{ code: number; data: { retry_after: number } }>();
    expect(code).toBe(429);
    expect(data.retry_after).toBeGreaterThan(0);
    expect(data.retry_after).toBeLessThanOrEqual(60);
    expect(await commentCount(itemId)).toBe(10);
  });
});

describe('likes', () => {
  it('count once per user, come back with cancel_digg, and show as user_digg', async () => {
    const itemId = await newItem();
    const comment = await post(fan, itemId, '点赞我');
    const digg = (who: Visitor, action: string) =>
      json(commentAction.path, who, { CommentId: comment.id, action });
    expect((await digg(other, 'digg')).json()).toMatchObject({
      data: { digg_count: 1, user_digg: true },
    });
    expect((await digg(other, 'digg')).json()).toMatchObject({
      data: { digg_count: 1, user_digg: true },
    });
    expect((await digg(author, 'digg')).json()).toMatchObject({ data: { digg_count: 2 } });
    expect((await digg(author, 'cancel_digg')).json()).toMatchObject({
      data: { digg_count: 1, user_digg: false },
    });
    expect((await digg(author, 'cancel_digg')).json()).toMatchObject({ data: { digg_count: 1 } });
    const seenByOther = await tab(other, itemId);
    expect(seenByOther.data[0]).toMatchObject({ digg_count: 1, user_digg: true });
    expect((await tab(author, itemId)).data[0]).toMatchObject({ user_digg: false });
  });
});

describe('deleting', () => {
  it('lets the writer delete, taking the replies along and the count down exactly', async () => {
    const itemId = await newItem();
    const root = await post(fan, itemId, '要删的');
    await reply(other, root.id, '回复一');
    await reply(author, root.id, '回复二');
    const kept = await post(other, itemId, '留下的');
    expect(await commentCount(itemId)).toBe(4);
    const res = await json(deleteComment.path, fan, { CommentId: root.id });
    expect(res.statusCode).toBe(200);
    expect(await commentCount(itemId)).toBe(1);
    expect((await tab(t.visitor(), itemId)).data.map((c) => c.id)).toEqual([kept.id]);
    const again = await json(deleteComment.path, fan, { CommentId: root.id });
    expect(again.statusCode).toBe(404);
  });

  it("lets the video's author delete anyone's comment, and a reply takes one off its comment", async () => {
    const itemId = await newItem();
    const root = await post(fan, itemId, '楼');
    const answer = await reply(other, root.id, '回复');
    await json(deleteComment.path, author, { CommentId: answer.id });
    expect((await tab(t.visitor(), itemId)).data[0]).toMatchObject({
      reply_count: 0,
      reply_preview: [],
    });
    expect(await commentCount(itemId)).toBe(1);
    await json(deleteComment.path, author, { CommentId: root.id });
    expect(await commentCount(itemId)).toBe(0);
  });
});

describe('the pin', () => {
  it("puts the author's chosen comment first in the hot order, one per video", async () => {
    const itemId = await newItem();
    const past = Date.now() - 60_000;
    const service = createCommentService({ db: t.db, newId: t.newId, clock: () => past });
    const input = { textField: 'text', imageUri: undefined, origin: 'http://localhost' };
    const a = await service.post(fanId, itemId, { ...input, text: '甲' });
    const b = await service.post(fanId, itemId, { ...input, text: '乙' });
    await service.digg(authorId, a.id, true);
    const hot = async () => {
      const res = await t.app.inject({
        url: `${getTabComments.path}?group_id=${itemId}&tab_index=0`,
      });
      return res.json<{ data: CommentPage }>().data;
    };
    expect((await hot()).data.map((c) => c.text)).toEqual(['甲', '乙']);
    const stick = (id: string, action: string, who = author) =>
      json(stickComment.path, who, { CommentId: id, action });
    expect((await stick(b.id, 'stick', fan)).statusCode).toBe(403);
    expect((await stick(b.id, 'stick')).statusCode).toBe(200);
    const pinned = await hot();
    expect(pinned.data.map((c) => [c.text, c.is_pinned])).toEqual([
      ['乙', true],
      ['甲', false],
    ]);
    await stick(a.id, 'stick');
    expect((await hot()).data.map((c) => [c.text, c.is_pinned])).toEqual([
      ['甲', true],
      ['乙', false],
    ]);
    await stick(a.id, 'cancel_stick');
    expect((await hot()).data.map((c) => c.is_pinned)).toEqual([false, false]);
  });
});

describe("the author's filter words", () => {
  it('hide a comment holding one from everyone but its writer, and keep it out of the count', async () => {
    const itemId = await newItem();
    const added = await json(addCommentFilter.path, author, { text: '剧透' });
    expect(added.statusCode).toBe(200);
    const { keyword_id } = added.json<{ data: { keyword_id: string } }>().data;
    const hidden = await post(fan, itemId, '前方剧透：结局是……');
    expect(hidden.status).toBe('filtered');
    expect(await commentCount(itemId)).toBe(0);
    expect((await tab(fan, itemId)).data.map((c) => c.id)).toEqual([hidden.id]);
    expect((await tab(other, itemId)).data).toEqual([]);
    expect((await tab(author, itemId)).data).toEqual([]);
    const list = await t.app.inject({
      url: getCommentFilterList.path,
      headers: author.headers,
    });
    expect(list.json()).toMatchObject({ data: { list: [{ keyword_id, text: '剧透' }] } });
    await json(deleteCommentFilter.path, author, { keyword_id });
    expect((await post(fan, itemId, '剧透也没事了')).status).toBe('visible');
  });
});

describe('links to other sites', () => {
  it('are held for the author: the writer and the author see them until approved', async () => {
    const itemId = await newItem();
    const held = await post(fan, itemId, '免费领取 https://spam.example/gift');
    expect(held.status).toBe('held');
    expect(held.segments).toEqual([{ kind: 'text', text: '免费领取 https://spam.example/gift' }]);
    expect(await commentCount(itemId)).toBe(0);
    expect((await tab(other, itemId)).data).toEqual([]);
    expect((await tab(author, itemId)).data.map((c) => c.status)).toEqual(['held']);
    const repliesOf = (who: Visitor) =>
      t.app.inject({
        url: `${getReplyList.path}?id=${held.id}`,
        headers: who.headers,
      });
    expect((await repliesOf(other)).statusCode).toBe(404);
    expect((await repliesOf(author)).statusCode).toBe(200);
    const byFan = await json(approveComment.path, fan, { CommentId: held.id });
    expect(byFan.statusCode).toBe(403);
    const approved = await json(approveComment.path, author, {
      CommentId: held.id,
    });
    expect(approved.statusCode).toBe(200);
    expect(await commentCount(itemId)).toBe(1);
    expect((await tab(other, itemId)).data.map((c) => c.status)).toEqual(['visible']);

    // A held reply counts for its comment once approved.
    const heldReply = await reply(fan, held.id, '详情见 www.spam.example');
    expect(heldReply.status).toBe('held');
    expect((await tab(other, itemId)).data[0]).toMatchObject({ reply_count: 0, reply_preview: [] });
    await json(approveComment.path, author, { CommentId: heldReply.id });
    expect((await tab(other, itemId)).data[0]).toMatchObject({ reply_count: 1 });
    expect(await commentCount(itemId)).toBe(2);
  });
});

describe('a blocked user', () => {
  it('cannot comment on or reply under the blocker’s videos', async () => {
    const itemId = await newItem();
    const root = await post(other, itemId, '可以回复的');
    await t.db
      .insertInto('blocks')
      .values({ blocker_id: authorId, blocked_id: fanId, created_at: Date.now() })
      .execute();
    const res = await form(postMessage.path, fan, {
      group_id: itemId,
      text: '嗨',
    });
    expect(res.statusCode).toBe(403);
    const res2 = await form(createReply.path, fan, {
      id: root.id,
      content: '嗨',
    });
    expect(res2.statusCode).toBe(403);
    expect(await commentCount(itemId)).toBe(1);
    await t.db.deleteFrom('blocks').where('blocker_id', '=', authorId).execute();
  });
});
