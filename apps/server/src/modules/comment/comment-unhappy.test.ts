import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as commentCalls from '@melon/shared/calls/comment.calls';
import {
  addCommentFilter,
  approveComment,
  commentAction,
  createReply,
  deleteComment,
  deleteCommentFilter,
  getReplyList,
  getTabComments,
  postMessage,
  stickComment,
} from '@melon/shared/calls/comment.calls';
import { Visibility } from '@melon/db/enums';
import { uploadTestCommentImage } from '../../testing/comment-image.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * The unhappy paths of every comment write, route by route: signed out, a forged request, a
 * malformed field and an oversized body are each refused with their status and leave the
 * database exactly as it was; then the rules of each write (length, owner, unknown things).
 */

let t: TestApp;
let writer: Visitor;
let stranger: Visitor;
let authorVisitor: Visitor;
const known = { item: '', hiddenItem: '', comment: '', word: '' };

function post(url: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}
const asForm = (fields: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
function postForm(url: string, headers: Record<string, string>, fields: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: asForm(fields),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const authorId = await createUser(t.db, t.newId);
  authorVisitor = await t.signedIn(authorId);
  known.item = await createItem(t.db, t.newId, authorId);
  known.hiddenItem = await createItem(t.db, t.newId, authorId, { visibility: Visibility.Self });
  writer = await t.signedIn(await createUser(t.db, t.newId));
  stranger = await t.signedIn(await createUser(t.db, t.newId));
  const posted = await postForm(postMessage.path, writer.headers, {
    group_id: known.item,
    text: '在这里',
  });
  known.comment = posted.json<{ data: { comment: { id: string } } }>().data.comment.id;
  const word = await post(addCommentFilter.path, authorVisitor.headers, {
    text: '广告',
  });
  known.word = word.json<{ data: { keyword_id: string } }>().data.keyword_id;
});
afterAll(() => t.close());

interface WriteRoute {
  url: string;
  form: boolean;
  /** Who may make the call with `body`. */
  who: () => Visitor;
  body: () => Record<string, unknown>;
  malformed: () => [field: string, body: Record<string, unknown>];
}

const routes: [string, WriteRoute][] = [
  [
    'post_message',
    {
      url: postMessage.path,
      form: true,
      who: () => writer,
      body: () => ({ group_id: known.item, text: '你好' }),
      malformed: () => ['group_id', { group_id: 'abc', text: '你好' }],
    },
  ],
  [
    'create_reply',
    {
      url: createReply.path,
      form: true,
      who: () => writer,
      body: () => ({ id: known.comment, content: '你好' }),
      malformed: () => ['id', { id: '12ab', content: '你好' }],
    },
  ],
  [
    'comment_action',
    {
      url: commentAction.path,
      form: false,
      who: () => writer,
      body: () => ({ CommentId: known.comment, action: 'digg' }),
      malformed: () => ['action', { CommentId: known.comment, action: 'bury' }],
    },
  ],
  [
    'delete_comment',
    {
      url: deleteComment.path,
      form: false,
      who: () => writer,
      body: () => ({ CommentId: known.comment }),
      malformed: () => ['CommentId', { CommentId: 'first' }],
    },
  ],
  [
    'stick_comment',
    {
      url: stickComment.path,
      form: false,
      who: () => authorVisitor,
      body: () => ({ CommentId: known.comment, action: 'stick' }),
      malformed: () => ['action', { CommentId: known.comment, action: 'top' }],
    },
  ],
  [
    'approve_comment',
    {
      url: approveComment.path,
      form: false,
      who: () => authorVisitor,
      body: () => ({ CommentId: known.comment }),
      malformed: () => ['CommentId', { CommentId: 'seven' }],
    },
  ],
  [
    'addCommentFilter',
    {
      url: addCommentFilter.path,
      form: false,
      who: () => authorVisitor,
      body: () => ({ text: '剧透' }),
      malformed: () => ['text', { text: '词'.repeat(201) }],
    },
  ],
  [
    'deleteCommentFilter',
    {
      url: deleteCommentFilter.path,
      form: false,
      who: () => authorVisitor,
      body: () => ({ keyword_id: known.word }),
      malformed: () => ['keyword_id', { keyword_id: 'x' }],
    },
  ],
];

/** Everything a comment write can change. */
async function snapshot(): Promise<unknown> {
  const [comments, diggs, pins, words, items] = await Promise.all([
    t.db
      .selectFrom('comments')
      .select(['id', 'state', 'digg_count', 'reply_count', 'text', 'hot_key'])
      .orderBy('id')
      .execute(),
    t.db.selectFrom('comment_diggs').select(['comment_id', 'user_id']).orderBy('user_id').execute(),
    t.db.selectFrom('comment_pins').selectAll().execute(),
    t.db.selectFrom('comment_filter_words').select(['id', 'text']).orderBy('id').execute(),
    t.db.selectFrom('items').select(['id', 'comment_count']).orderBy('id').execute(),
  ]);
  return { comments, diggs, pins, words, items };
}

function send(route: WriteRoute, headers: Record<string, string>, body: Record<string, unknown>) {
  return route.form ? postForm(route.url, headers, body) : post(route.url, headers, body);
}

describe.each(routes)('%s', (_name, route) => {
  itRefusesBadWrites({
    send: (headers, body) => send(route, headers, body),
    signedIn: () => route.who().headers,
    visitor: () => t.visitor().headers,
    body: route.body,
    malformed: route.malformed,
    snapshot,
  });
});

describe('the rules of each write', () => {
  const refused = async (
    res: Promise<{ statusCode: number; json: () => unknown }>,
    status: number,
    field?: string,
  ) => {
    const before = await snapshot();
    const answer = await res;
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ code: status, ...(field ? { field } : {}) });
    expect(await snapshot()).toEqual(before);
  };
  const comment = (fields: Record<string, unknown>) =>
    postForm(postMessage.path, stranger.headers, fields);

  it('refuses text too long, empty after trimming, or blank, naming it', async () => {
    await refused(comment({ group_id: known.item, text: '长'.repeat(1001) }), 400, 'text');
    await refused(comment({ group_id: known.item, text: ' \n\t　 ' }), 400, 'text');
    await refused(comment({ group_id: known.item, text: '\u200B' }), 400, 'text');
    await refused(
      postForm(createReply.path, stranger.headers, {
        id: known.comment,
        content: '  ',
      }),
      400,
      'content',
    );
  });

  it('refuses a comment without a video, or on an unknown or hidden one, with 400 and 404', async () => {
    await refused(comment({ text: '在哪' }), 400, 'group_id');
    await refused(comment({ group_id: '7999999999999999999', text: '在哪' }), 404);
    await refused(comment({ group_id: known.hiddenItem, text: '在哪' }), 404);
  });

  it('refuses an image_info that is not one line of sane length', async () => {
    await refused(
      comment({ group_id: known.item, text: '图', image_info: 'x'.repeat(257) }),
      400,
      'image_info',
    );
    await refused(
      comment({ group_id: known.item, text: '图', image_info: 'a\u202Eb' }),
      400,
      'image_info',
    );
  });

  it("refuses a picture the writer did not upload: another user's, or a made-up uri", async () => {
    const othersPicture = await uploadTestCommentImage(t, writer);
    // A writer of their own: the stranger has spent the minute's comments on the tests above.
    const poster = await t.signedIn(await createUser(t.db, t.newId));
    const postAsPoster = (fields: Record<string, unknown>) =>
      postForm(postMessage.path, poster.headers, fields);
    await refused(
      postAsPoster({ group_id: known.item, text: '图', image_info: othersPicture }),
      400,
      'image_info',
    );
    await refused(
      postAsPoster({
        group_id: known.item,
        text: '图',
        image_info: 'comment-images/7300000000000000001.webp',
      }),
      400,
      'image_info',
    );
    await refused(
      postForm(createReply.path, poster.headers, {
        id: known.comment,
        content: '图',
        image_info: othersPicture,
      }),
      400,
      'image_info',
    );
  });

  it("answers 403 to deleting another's comment on another's video, 404 to an unknown one", async () => {
    const del = (who: Visitor, id: string) =>
      post(deleteComment.path, who.headers, { CommentId: id });
    await refused(del(stranger, known.comment), 403);
    await refused(del(stranger, '7999999999999999999'), 404);
  });

  it('answers 403 to pins and approvals by anyone but the video’s author', async () => {
    await refused(
      post(stickComment.path, writer.headers, {
        CommentId: known.comment,
        action: 'stick',
      }),
      403,
    );
    await refused(post(approveComment.path, stranger.headers, { CommentId: known.comment }), 403);
    await refused(
      post(approveComment.path, authorVisitor.headers, {
        CommentId: known.comment,
      }),
      400,
      'CommentId',
    );
  });

  it('answers 404 to a like of an unknown comment and to deleting a filter word of another', async () => {
    await refused(
      post(commentAction.path, writer.headers, {
        CommentId: '7999999999999999999',
        action: 'digg',
      }),
      404,
    );
    await refused(
      post(deleteCommentFilter.path, stranger.headers, { keyword_id: known.word }),
      404,
    );
  });
});

describe('the lists', () => {
  it('answer 400 to an offset this server did not make, and 404 to an unknown video', async () => {
    const list = (query: string) => t.app.inject({ url: `${getTabComments.path}?${query}` });
    const bad = await list(`group_id=${known.item}&tab_index=0&offset=eyJzIjoidCJ9`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'offset' });
    expect((await list(`group_id=${known.item}&tab_index=1`)).statusCode).toBe(400);
    expect((await list('tab_index=0')).json()).toMatchObject({ code: 400, field: 'group_id' });
    expect((await list(`group_id=${known.hiddenItem}`)).statusCode).toBe(404);
    const replies = await t.app.inject({
      url: `${getReplyList.path}?id=7999999999999999999`,
    });
    expect(replies.statusCode).toBe(404);
  });
});

describe('the declarations', () => {
  it('open the login prompt on a 401: source comment for writes, like for comment_action', () => {
    expect(commentCalls.postMessage.onUnauthorized).toEqual({ prompt: 'comment' });
    expect(commentCalls.createReply.onUnauthorized).toEqual({ prompt: 'comment' });
    expect(commentCalls.deleteComment.onUnauthorized).toEqual({ prompt: 'comment' });
    expect(commentCalls.commentAction.onUnauthorized).toEqual({ prompt: 'like' });
    expect(commentCalls.postMessage.rateLimit).toBe('comment');
    expect(commentCalls.createReply.rateLimit).toBe('comment');
    expect(commentCalls.commentAction.rateLimit).toBe('reaction');
  });
});
