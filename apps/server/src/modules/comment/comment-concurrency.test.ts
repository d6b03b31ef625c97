import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentView } from '@melon/shared/contracts/comment';
import {
  commentAction,
  createReply,
  deleteComment,
  postMessage,
} from '@melon/shared/calls/comment.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { hotKey } from './hot-score.ts';

/*
 * Counters under load (issue 12), on SQLite and on PostgreSQL (MELON_TEST_DIALECT): 200 likes of
 * one comment from 200 sessions at once (each sent twice) count 200, cancels at once bring it
 * back to 0, and replies and deletes at once leave reply_count and the item's comment_count
 * equal to the rows everyone sees. The hot key always matches the counters it was made from.
 */

const PEOPLE = 200;

let t: TestApp;
let authorId = '';
let author: Visitor;
const people: Visitor[] = [];

beforeAll(async () => {
  t = await createTestApp();
  authorId = await createUser(t.db, t.newId);
  author = await t.signedIn(authorId);
  for (let i = 0; i < PEOPLE; i += 1)
    people.push(await t.signedIn(await createUser(t.db, t.newId)));
}, 120_000);
afterAll(() => t.close());

const form = (url: string, who: Visitor, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const action = (who: Visitor, id: string, act: 'digg' | 'cancel_digg') =>
  t.app.inject({
    method: 'POST',
    url: commentAction.path,
    headers: who.headers,
    payload: { CommentId: id, action: act },
  });

async function postComment(who: Visitor, itemId: string): Promise<CommentView> {
  const res = await form(postMessage.path, who, { group_id: itemId, text: '楼' });
  return res.json<{ data: { comment: CommentView } }>().data.comment;
}

const commentRow = (id: string) =>
  t.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The stored key is the key of the stored counters. */
async function expectKeyOfCounters(id: string): Promise<void> {
  const row = await commentRow(id);
  expect(row.hot_key).toBeCloseTo(
    hotKey({
      diggs: row.digg_count,
      replies: row.reply_count,
      authorReplies: row.author_reply_count,
      createdAt: row.created_at,
    }),
    9,
  );
}

describe('comment_action at the same moment', () => {
  it(`${PEOPLE} people liking one comment at once (each twice) count ${PEOPLE}`, async () => {
    const itemId = await createItem(t.db, t.newId, authorId);
    const comment = await postComment(author, itemId);
    const answers = await Promise.all(
      people.flatMap((who) => [action(who, comment.id, 'digg'), action(who, comment.id, 'digg')]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const row = await commentRow(comment.id);
    expect(row.digg_count).toBe(PEOPLE);
    const likes = await t.db
      .selectFrom('comment_diggs')
      .select('user_id')
      .where('comment_id', '=', comment.id)
      .execute();
    expect(likes).toHaveLength(PEOPLE);
    await expectKeyOfCounters(comment.id);

    const cancels = await Promise.all(
      people.flatMap((who) => [
        action(who, comment.id, 'cancel_digg'),
        action(who, comment.id, 'cancel_digg'),
      ]),
    );
    expect(cancels.map((answer) => answer.statusCode)).toEqual(cancels.map(() => 200));
    expect((await commentRow(comment.id)).digg_count).toBe(0);
    await expectKeyOfCounters(comment.id);
  }, 120_000);
});

describe('replies and deletes at the same moment', () => {
  it('leave reply_count and comment_count equal to what everyone sees', async () => {
    const itemId = await createItem(t.db, t.newId, authorId);
    const root = await postComment(author, itemId);
    const repliers = people.slice(0, 60);
    const replies = await Promise.all(
      repliers.map((who) => form(createReply.path, who, { id: root.id, content: '回复' })),
    );
    expect(replies.map((answer) => answer.statusCode)).toEqual(replies.map(() => 200));
    const ids = replies.map(
      (answer) => answer.json<{ data: { comment: CommentView } }>().data.comment.id,
    );
    // Half deleted by their writers, half by the author, the writers' likes landing meanwhile.
    const deletes = await Promise.all([
      ...ids.slice(0, 30).map((id, i) =>
        t.app.inject({
          method: 'POST',
          url: deleteComment.path,
          headers: (repliers[i] ?? author).headers,
          payload: { CommentId: id },
        }),
      ),
      ...ids.slice(30, 45).map((id) =>
        t.app.inject({
          method: 'POST',
          url: deleteComment.path,
          headers: author.headers,
          payload: { CommentId: id },
        }),
      ),
      ...people.slice(100, 160).map((who) => action(who, root.id, 'digg')),
    ]);
    expect(deletes.map((answer) => answer.statusCode)).toEqual(deletes.map(() => 200));
    const row = await commentRow(root.id);
    expect(row.reply_count).toBe(15);
    expect(row.digg_count).toBe(60);
    await expectKeyOfCounters(root.id);
    const item = await t.db
      .selectFrom('items')
      .select('comment_count')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    const visible = await t.db
      .selectFrom('comments')
      .select('id')
      .where('item_id', '=', itemId)
      .where('state', '=', 'visible')
      .execute();
    expect(item.comment_count).toBe(visible.length);
    expect(visible).toHaveLength(16);

    // The comment deleted while its replies are deleted and liked: everything goes, exactly.
    await Promise.all([
      t.app.inject({
        method: 'POST',
        url: deleteComment.path,
        headers: author.headers,
        payload: { CommentId: root.id },
      }),
      ...ids.slice(45).map((id) =>
        t.app.inject({
          method: 'POST',
          url: deleteComment.path,
          headers: author.headers,
          payload: { CommentId: id },
        }),
      ),
    ]);
    const after = await t.db
      .selectFrom('items')
      .select('comment_count')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(after.comment_count).toBe(0);
  }, 120_000);
});
