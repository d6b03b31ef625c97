import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import { diggAction, favoriteAction } from '@melon/shared/calls/favorite.calls';
import { deleteStudioVideo, editStudioVideo } from '@melon/shared/calls/studio.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { injectCall } from '../../testing/inject-call.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { insertProcessingItem, markMediaFailed } from '../media-ingest/item-media.repository.ts';
import { createPlaysService } from '../plays/plays.service.ts';
import { rebuildIndex } from './rebuild-index.ts';
import { createSearchIndex, indexItem, type SearchHit } from './search-index.service.ts';
import { LISTING_COPY_COLUMNS } from '@melon/db/tables/search';

/*
 * The listing copy on item documents (decision 071): whatever writes an item's visibility,
 * type, length, publish time, counters or media state, its document's copy follows in the same
 * transaction, and search lists and ranks by the copy. Each writer goes through its own code
 * (the studio's calls, likes, favourites, plays, the media states); after each, the document
 * must hold exactly what the item and its media row hold.
 */

let t: TestApp;
let authorId = '';
let author: Visitor;
let viewer: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  authorId = await createUser(t.db, t.newId, { name: '复制测试作者' });
  author = await t.signedIn(authorId);
  viewer = await t.signedIn(await createUser(t.db, t.newId));
}, 30_000);
afterAll(() => t.close());

/** The document's copy and the values it copies, or null for an item without a document. */
async function copyAndOriginal(itemId: string) {
  const copy = await t.db
    .selectFrom('search_docs')
    .select(LISTING_COPY_COLUMNS)
    .where('kind', '=', 'item')
    .where('ref_id', '=', itemId)
    .executeTakeFirst();
  const original = await t.db
    .selectFrom('items as i')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([
      'i.visibility',
      'i.item_type',
      'i.duration_ms',
      'i.publish_time',
      'i.play_count',
      'i.digg_count',
      'i.favorite_count',
      'm.state as media_state',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirstOrThrow();
  return { copy: copy ?? null, original };
}

/** Asserts the document holds its item's values, and answers them. */
async function expectInStep(itemId: string) {
  const { copy, original } = await copyAndOriginal(itemId);
  expect(copy).toEqual(original);
  return original;
}

const hitsFor = async (query: string): Promise<SearchHit[]> =>
  (
    await createSearchIndex({ db: t.db }).search({
      query,
      kind: 'all',
      sort: 'relevance',
      offset: 0,
      limit: 10,
      viewerId: null,
    })
  ).hits;
const idsFor = async (query: string) => (await hitsFor(query)).map((hit) => hit.id);

const edit = (itemId: string, title: string, visibility: Visibility) =>
  injectCall(t.app, editStudioVideo, {
    headers: author.headers,
    payload: {
      item_id: itemId,
      title,
      abstract: '',
      tags: [],
      channel_id: 2,
      visibility,
      opening_ms: null,
      ending_ms: null,
    },
  });

describe('the listing copy of an item document', () => {
  it('takes its item’s values when the document is written', async () => {
    const item = await createItem(t.db, t.newId, authorId, { title: '复制初值', playCount: 42 });
    await indexItem(t.db, item);
    expect(await expectInStep(item)).toMatchObject({ play_count: 42, media_state: null });
  });

  it('follows a studio edit of the title and the visibility, and search lists by it', async () => {
    const item = await createItem(t.db, t.newId, authorId, { title: '原来的标题' });
    await indexItem(t.db, item);
    expect((await edit(item, '柠檬茶的做法', Visibility.Self)).statusCode).toBe(200);
    expect(await expectInStep(item)).toMatchObject({ visibility: Visibility.Self });
    expect(await idsFor('柠檬茶')).toEqual([]);

    expect((await edit(item, '柠檬茶的做法', Visibility.All)).statusCode).toBe(200);
    expect(await expectInStep(item)).toMatchObject({ visibility: Visibility.All });
    expect(await idsFor('柠檬茶')).toEqual([item]);
    expect(await idsFor('原来')).toEqual([]);
  });

  it('leaves with a studio delete', async () => {
    const item = await createItem(t.db, t.newId, authorId, { title: '马上删除的视频' });
    await indexItem(t.db, item);
    expect(await idsFor('马上删除')).toEqual([item]);
    const res = await injectCall(t.app, deleteStudioVideo, {
      headers: author.headers,
      payload: { item_id: item },
    });
    expect(res.statusCode).toBe(200);
    expect((await copyAndOriginal(item)).copy).toBeNull();
    expect(await idsFor('马上删除')).toEqual([]);
  });

  it('follows likes, favourites and plays, and ranks by them', async () => {
    const item = await createItem(t.db, t.newId, authorId, { title: '人气测试视频', playCount: 0 });
    await indexItem(t.db, item);
    const [before] = await hitsFor('人气测试');
    for (const [call, action] of [
      [diggAction, 'digg'],
      [favoriteAction, 'favorite'],
    ] as const) {
      const res = await injectCall(t.app, call, {
        headers: viewer.headers,
        payload: { group_id: item, action },
      });
      expect(res.statusCode).toBe(200);
    }
    const plays = createPlaysService({ db: t.db, newId: t.newId });
    expect(await plays.add({ userId: null, webId: t.newId() }, item, 5000)).toMatchObject({
      counted: true,
    });
    expect(await expectInStep(item)).toMatchObject({
      play_count: 1,
      digg_count: 1,
      favorite_count: 1,
    });
    const [after] = await hitsFor('人气测试');
    expect(after?.parts.popularity).toBeGreaterThan(before?.parts.popularity ?? Infinity);
  });

  it('follows the media state: listed without a media row or once ready, not while processing or failed', async () => {
    const [failing, finishing] = [t.newId(), t.newId()];
    for (const [itemId, title] of [
      [failing, '转码失败的视频'],
      [finishing, '转码完成的视频'],
    ] as const) {
      await t.db.transaction().execute((trx) =>
        insertProcessingItem(trx, {
          itemId,
          userId: authorId,
          channelId: 2,
          title,
          abstract: '',
          sourcePath: '/nowhere/source.mp4',
          durationMs: 60_000,
          maxFps: 30,
          now: Date.now(),
        }),
      );
      await indexItem(t.db, itemId);
      expect(await expectInStep(itemId)).toMatchObject({ media_state: 'processing' });
    }
    expect(await idsFor('转码')).toEqual([]);

    expect(await markMediaFailed(t.db, failing, '无法解码', Date.now())).toBe(true);
    expect(await expectInStep(failing)).toMatchObject({ media_state: 'failed' });
    await t.db
      .updateTable('item_media')
      .set({ state: 'ready' })
      .where('item_id', '=', finishing)
      .execute();
    expect(await expectInStep(finishing)).toMatchObject({ media_state: 'ready' });
    expect(await idsFor('转码')).toEqual([finishing]);

    await t.db.deleteFrom('item_media').where('item_id', '=', failing).execute();
    expect(await expectInStep(failing)).toMatchObject({ media_state: null });
    expect((await idsFor('转码')).sort()).toEqual([failing, finishing].sort());
  });

  it('is written whole again by a rebuild', async () => {
    await rebuildIndex(t.db);
    const items = await t.db
      .selectFrom('search_docs')
      .select('ref_id')
      .where('kind', '=', 'item')
      .execute();
    expect(items.length).toBeGreaterThan(0);
    for (const { ref_id } of items) await expectInStep(ref_id);
  });
});
