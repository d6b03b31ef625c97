import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemType } from '@melon/db/enums';
import type { RelatedVideos } from '@melon/shared/contracts/recommend';
import { getShortVideoRelated } from '@melon/shared/calls/recommend.calls';
import type { AnswerEnvelope as Envelope } from '../../testing/answer-envelope.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createItemIn, HIDDEN_ITEMS } from '../../testing/item-factory.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { tag, watch } from '../../testing/viewing.ts';

/*
 * GET /api/videov2/get_short_video_related on the dialect under test (decision 037): short
 * videos watched in the same sessions (history and counted plays), sharing tags or title words,
 * by the same author, then the popular ones; never a hidden item; the SPEC §8 envelope for bad
 * and unknown ids.
 */

const HOUR = 3_600_000;
const now = Date.now();
let t: TestApp;
let authorId: string;
let author: Visitor;
const ids = {
  video: '',
  coWatched: '',
  coPlayed: '',
  tagged: '',
  titled: '',
  sameAuthor: '',
  album: '',
  privateVideo: '',
};
const popular: string[] = [];
const hidden: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const user = () => createUser(t.db, t.newId);
  const quiet = async (title: string, owner?: string) =>
    createItem(t.db, t.newId, owner ?? (await user()), {
      title,
      playCount: 5,
      behotTime: now - 200 * HOUR,
    });
  authorId = await user();
  author = await t.signedIn(authorId);
  ids.video = await createItem(t.db, t.newId, authorId, { title: '红烧肉的家常做法' });
  await tag(t.db, t.newId, ids.video, ['美食']);
  ids.coWatched = await quiet('周末去爬山');
  ids.coPlayed = await quiet('城市夜景延时摄影');
  ids.tagged = await quiet('夏天的凉拌菜');
  await tag(t.db, t.newId, ids.tagged, ['美食']);
  ids.titled = await quiet('红烧肉怎么做才好吃');
  ids.sameAuthor = await quiet('我的第二个视频', authorId);
  ids.album = await createItem(t.db, t.newId, await user(), {
    title: '红烧肉纪录片',
    itemType: ItemType.Album,
  });
  for (let i = 0; i < 12; i += 1) popular.push(await createItem(t.db, t.newId, await user()));
  ids.privateVideo = await createItem(t.db, t.newId, authorId, { visibility: 15 });

  for (let w = 0; w < 3; w += 1) {
    const other = await user();
    await watch(t.db, { userId: other, itemId: ids.video, watchedAt: now - 5 * HOUR });
    await watch(t.db, { userId: other, itemId: ids.coWatched, watchedAt: now - 5 * HOUR + 60_000 });
  }
  // Two visitors played the video and, minutes later, another.
  for (const webId of ['7000000000000000001', '7000000000000000002']) {
    await t.db
      .insertInto('item_plays')
      .values([
        {
          id: t.newId(),
          item_id: ids.video,
          viewer_key: `w:${webId}`,
          user_id: null,
          played_at: now - HOUR,
        },
        {
          id: t.newId(),
          item_id: ids.coPlayed,
          viewer_key: `w:${webId}`,
          user_id: null,
          played_at: now - HOUR + 300_000,
        },
      ])
      .execute();
  }
  // Hidden items that share everything with the video.
  for (const state of HIDDEN_ITEMS) {
    const id = await createItemIn(t.db, t.newId, authorId, state);
    await t.db.updateTable('items').set({ title: '红烧肉秘方' }).where('id', '=', id).execute();
    await tag(t.db, t.newId, id, ['美食']);
    const other = await user();
    await watch(t.db, { userId: other, itemId: ids.video, watchedAt: now - 3 * HOUR });
    await watch(t.db, { userId: other, itemId: id, watchedAt: now - 3 * HOUR + 60_000 });
    hidden.push(id);
  }
});
afterAll(() => t.close());

async function related(query: string, who?: Visitor) {
  const res = await t.app.inject({
    url: `${getShortVideoRelated.path}?aid=1768&${query}`,
    headers: who?.headers ?? {},
  });
  return { status: res.statusCode, body: res.json<Envelope<RelatedVideos>>() };
}

describe('GET /api/videov2/get_short_video_related', () => {
  it('lists co-watched, co-played, same-tag, same-title-word and same-author videos first', async () => {
    const { status, body } = await related(`group_id=${ids.video}`);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const list = body.data.list.map((video) => video.videoId);
    expect(list).toHaveLength(10);
    expect(list.slice(0, 5)).toEqual(
      expect.arrayContaining([ids.coWatched, ids.coPlayed, ids.tagged, ids.titled, ids.sameAuthor]),
    );
    // Co-watching weighs most: three sessions put that video first.
    expect(list[0]).toBe(ids.coWatched);
    // Popular videos fill the rest; never the video itself, nor an album.
    expect(list.slice(5).every((id) => popular.includes(id))).toBe(true);
    expect(list).not.toContain(ids.video);
    expect(list).not.toContain(ids.album);
  });

  it('answers the SPEC §3 video list item fields', async () => {
    const { body } = await related(`group_id=${ids.video}&count=20`);
    const titled = body.data.list.find((video) => video.videoId === ids.titled);
    expect(titled).toEqual({
      videoId: ids.titled,
      group_id_str: ids.titled,
      title: '红烧肉怎么做才好吃',
      videoImage: `/media/covers/${ids.titled}-large.webp`,
      thumbUrl: `/media/covers/${ids.titled}-middle.webp`,
      duration: 61.5,
      publish_time: Math.floor((now - 200 * HOUR) / 1000),
      video_watch_count: 5,
      comment_count: 0,
      tag: '影视',
      user_info: { user_id: expect.any(String) as string, name: expect.any(String) as string },
    });
    expect(body.data.list.length).toBeLessThanOrEqual(20);
  });

  it('never lists a hidden item, though it shares everything', async () => {
    const { body } = await related(`group_id=${ids.video}&count=20`);
    const list = body.data.list.map((video) => video.videoId);
    for (const id of hidden) expect(list).not.toContain(id);
    // Not to their author either: the list is the same for everyone.
    const own = await related(`group_id=${ids.video}&count=20`, author);
    for (const id of hidden) expect(own.body.data.list.map((v) => v.videoId)).not.toContain(id);
  });

  it('answers a hidden video as an unknown one, and to its author', async () => {
    const unknown = await related('group_id=7012345678901234567');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, message: '视频不存在', data: null });
    const stranger = await related(`group_id=${ids.privateVideo}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual(unknown.body);
    const own = await related(`group_id=${ids.privateVideo}`, author);
    expect(own.status).toBe(200);
  });

  it.each([
    ['missing group_id', '', 'group_id'],
    ['a leading zero', 'group_id=0712345678901234567', 'group_id'],
    ['letters', 'group_id=abc', 'group_id'],
    ['count 0', `group_id=${'7'.repeat(19)}&count=0`, 'count'],
    ['count 21', `group_id=${'7'.repeat(19)}&count=21`, 'count'],
  ])('refuses %s with 400 naming the field', async (_name, query, field) => {
    const { status, body } = await related(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, data: null, field });
  });
});
