import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Visibility } from '@melon/db/enums';
import type { CommentPage, CommentView } from '@melon/shared/contracts/comment';
import {
  addCommentFilter,
  commentAction,
  createReply,
  deleteComment,
  getTabComments,
  postMessage,
  stickComment,
} from '@melon/shared/calls/comment.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { setVisibilityInStudio } from '../../testing/studio-visibility.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/*
 * tab_comments shares the visitors' page (decision 030, "The micro-cache"): whoever asks first,
 * a page never shows one viewer's filtered or held comments or likes to another, and a write
 * through the API shows on this server at once.
 */

let t: TestApp;
let authorId = '';
let author: Visitor;
let fan: Visitor;
let other: Visitor;
let third: Visitor;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  authorId = await createUser(t.db, t.newId);
  author = await t.signedIn(authorId);
  fan = await t.signedIn(await createUser(t.db, t.newId));
  other = await t.signedIn(await createUser(t.db, t.newId));
  third = await t.signedIn(await createUser(t.db, t.newId));
});
afterAll(() => t.close());

async function write(url: string, who: Visitor, fields: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { comment: CommentView } }>().data.comment;
}

const post = (who: Visitor, itemId: string, text: string) =>
  write(postMessage.path, who, { group_id: itemId, text });
const reply = (who: Visitor, id: string, content: string) =>
  write(createReply.path, who, { id, content });

const json = (url: string, who: Visitor, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });

/** The time order's first page as the viewer sees it. */
async function tab(who: Visitor, itemId: string): Promise<CommentPage> {
  const res = await t.app.inject({
    url: `${getTabComments.path}?group_id=${itemId}&tab_index=2`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CommentPage }>().data;
}

/** Every comment and reply a page shows, as `text` (status). */
const shown = (page: CommentPage) =>
  page.data.flatMap((c) => [c, ...c.reply_preview]).map((c) => `${c.text} (${c.status})`);

/**
 * A video with a visible comment, a filtered comment and a filtered reply by the fan (the
 * author's filter word 剧透), and a comment held for a link by `other`.
 */
async function videoWithHiddenComments() {
  const itemId = await createItem(t.db, t.newId, authorId);
  const added = await json(addCommentFilter.path, author, { text: '剧透' });
  expect(added.statusCode).toBe(200);
  const open = await post(third, itemId, '大家好');
  expect((await post(fan, itemId, '剧透：结局')).status).toBe('filtered');
  expect((await reply(fan, open.id, '剧透在回复里')).status).toBe('filtered');
  expect((await post(other, itemId, '看 https://spam.example/gift')).status).toBe('held');
  return { itemId, open };
}

const everyone = ['大家好 (visible)'];
const fanSees = ['剧透：结局 (filtered)', '大家好 (visible)', '剧透在回复里 (filtered)'];
const otherSees = ['看 https://spam.example/gift (held)', '大家好 (visible)'];

describe('the shared page of tab_comments', () => {
  it('never shows a filtered or held comment to anyone but who may see it, whoever asks first', async () => {
    const { itemId } = await videoWithHiddenComments();
    // The writers and the author first: their pages must not become everyone's.
    expect(shown(await tab(fan, itemId)).sort()).toEqual([...fanSees].sort());
    expect(shown(await tab(other, itemId)).sort()).toEqual([...otherSees].sort());
    expect(shown(await tab(author, itemId)).sort()).toEqual([...otherSees].sort());
    expect(shown(await tab(t.visitor(), itemId))).toEqual(everyone);
    expect(shown(await tab(third, itemId))).toEqual(everyone);
    // Then again after the visitors' page is shared: the writers still see their own.
    expect(shown(await tab(fan, itemId)).sort()).toEqual([...fanSees].sort());
    expect(shown(await tab(other, itemId)).sort()).toEqual([...otherSees].sort());
    expect(shown(await tab(author, itemId)).sort()).toEqual([...otherSees].sort());
  });

  it("marks each viewer's own likes on the shared page, and a visitor's none", async () => {
    const itemId = await createItem(t.db, t.newId, authorId);
    const root = await post(author, itemId, '楼主');
    const answer = await reply(third, root.id, '沙发');
    for (const id of [root.id, answer.id]) {
      const liked = await json(commentAction.path, other, {
        CommentId: id,
        action: 'digg',
      });
      expect(liked.statusCode).toBe(200);
    }
    const likes = (page: CommentPage) =>
      page.data.flatMap((c) => [c, ...c.reply_preview]).map((c) => c.user_digg);
    expect(likes(await tab(t.visitor(), itemId))).toEqual([false, false]);
    expect(likes(await tab(other, itemId))).toEqual([true, true]);
    expect(likes(await tab(third, itemId))).toEqual([false, false]);
    expect(likes(await tab(t.visitor(), itemId))).toEqual([false, false]);
  });

  it('marks likes on comments and replies in their places, the rest of the page as shared', async () => {
    const itemId = await createItem(t.db, t.newId, authorId);
    const older = await post(fan, itemId, '先来');
    const olderReplies = [
      await reply(third, older.id, '回先来一'),
      await reply(fan, older.id, '回先来二'),
    ];
    const newer = await post(third, itemId, '后到');
    await reply(fan, newer.id, '回后到');
    for (const id of [olderReplies[1]?.id ?? '', newer.id]) {
      const liked = await json(commentAction.path, other, { CommentId: id, action: 'digg' });
      expect(liked.statusCode).toBe(200);
    }
    const flags = (page: CommentPage) =>
      page.data.flatMap((c) => [c, ...c.reply_preview]).map((c) => `${c.text} ${c.user_digg}`);
    const shared = await tab(t.visitor(), itemId);
    const marked = await tab(other, itemId);
    expect(flags(marked)).toEqual([
      '后到 true',
      '回后到 false',
      '先来 false',
      '回先来一 false',
      '回先来二 true',
    ]);
    const unmarked = (page: CommentPage) => ({
      ...page,
      data: page.data.map((c) => ({
        ...c,
        user_digg: false,
        reply_preview: c.reply_preview.map((r) => ({ ...r, user_digg: false })),
      })),
    });
    expect(unmarked(marked)).toEqual(shared);
  });

  it('shows a comment, a reply, a delete and a pin made through the API at once', async () => {
    const itemId = await createItem(t.db, t.newId, authorId);
    const first = await post(fan, itemId, '一楼');
    expect(shown(await tab(t.visitor(), itemId))).toEqual(['一楼 (visible)']);
    const second = await post(other, itemId, '二楼');
    expect(shown(await tab(t.visitor(), itemId))).toEqual(['二楼 (visible)', '一楼 (visible)']);
    await reply(third, first.id, '回一楼');
    expect(shown(await tab(t.visitor(), itemId))).toEqual([
      '二楼 (visible)',
      '一楼 (visible)',
      '回一楼 (visible)',
    ]);
    const pinned = await json(stickComment.path, author, {
      CommentId: first.id,
      action: 'stick',
    });
    expect(pinned.statusCode).toBe(200);
    expect((await tab(t.visitor(), itemId)).data.map((c) => c.is_pinned)).toEqual([false, true]);
    const gone = await json(deleteComment.path, other, {
      CommentId: second.id,
    });
    expect(gone.statusCode).toBe(200);
    expect((await tab(t.visitor(), itemId)).data.map((c) => c.id)).toEqual([first.id]);
  });

  it('keeps the shared page a second, and drops it once the author hides the video', async () => {
    // The clock stands still: what is kept stays kept.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const itemId = await createItem(t.db, t.newId, authorId);
      const first = await post(fan, itemId, '一楼');
      expect(shown(await tab(t.visitor(), itemId))).toEqual(['一楼 (visible)']);
      await t.db.updateTable('comments').set({ text: '改过' }).where('id', '=', first.id).execute();
      expect(shown(await tab(third, itemId))).toEqual(['一楼 (visible)']);
      await setVisibilityInStudio(t, authorId, itemId, Visibility.Self);
      const url = `${getTabComments.path}?group_id=${itemId}&tab_index=2`;
      expect((await t.app.inject({ url })).statusCode).toBe(404);
      expect((await t.app.inject({ url, headers: third.headers })).statusCode).toBe(404);
      expect(shown(await tab(author, itemId))).toEqual(['改过 (visible)']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 for a video visitors may not see, and its page to its author', async () => {
    const itemId = await createItem(t.db, t.newId, authorId, { visibility: Visibility.Self });
    await post(author, itemId, '自己看');
    const url = `${getTabComments.path}?group_id=${itemId}&tab_index=2`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    expect(shown(await tab(author, itemId))).toEqual(['自己看 (visible)']);
  });
});
