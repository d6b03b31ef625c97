import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import {
  deleteStudioVideo,
  editStudioVideo,
  setStudioCoverFrame,
  uploadStudioCover,
} from '@melon/shared/calls/studio.calls';
import { createStudioSeries } from '@melon/shared/calls/studio-series.calls';
import { RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { createUser } from '../../testing/factories.ts';
import { createMediaItem, MEDIA_FIXTURES } from '../../testing/media-factory.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { COVER_WORK_LIMIT, COVER_WORK_QUEUE, coverWork } from './cover-work.ts';

/*
 * What keeps studio writes from being used to load the server (decision 066): every write counts
 * per user, cheap edits in one budget, cover uploads and frame grabs in a smaller one; past it a
 * 429 that changes nothing. Cover work runs a few at a time in the process, the rest waiting in
 * a bounded queue; past the queue a 503, changing nothing.
 */

let t: TestApp;
let clipDir = '';
let clip = '';
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  clipDir = await mkdtemp(path.join(tmpdir(), 'melon-studio-limits-'));
  clip = path.join(clipDir, 'source.mp4');
  await generateClip(clip, MEDIA_FIXTURES.standard);
  png = await sharp({
    create: { width: 320, height: 180, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await rm(clipDir, { recursive: true, force: true });
});

async function author(): Promise<{ id: string; visitor: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, visitor: await t.signedIn(id) };
}

/** A ready video whose source is on the local disk where the upload left it. */
async function videoWithSource(userId: string): Promise<string> {
  const { itemId } = await createMediaItem(t, userId);
  const { source_path } = await t.db
    .selectFrom('item_media')
    .select('source_path')
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  await mkdir(path.dirname(source_path), { recursive: true });
  await copyFile(clip, source_path);
  return itemId;
}

const post = (who: Visitor, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });

function uploadCover(who: Visitor, itemId: string) {
  const { payload, contentType } = multipartBody({
    field: 'cover',
    filename: 'cover.png',
    contentType: 'image/png',
    data: png,
  });
  return t.app.inject({
    method: 'POST',
    url: `${uploadStudioCover.path}?item_id=${itemId}`,
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
}

const editBody = (itemId: string, title: string) => ({
  item_id: itemId,
  title,
  abstract: '',
  tags: [],
  channel_id: 2,
  visibility: 60,
  opening_ms: null,
  ending_ms: null,
});

const item = (id: string) =>
  t.db
    .selectFrom('items')
    .select(['title', 'visibility', 'cover_large_uri', 'cover_middle_uri'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('studio write budgets', () => {
  it(`takes ${RATE_LIMITS.studioEdit.max} cheap writes a minute from one author, then 429 for edits, deletes and series alike, changing nothing`, async () => {
    const me = await author();
    const itemId = await videoWithSource(me.id);
    for (let i = 0; i < RATE_LIMITS.studioEdit.max; i += 1) {
      // Refused by the service, yet counted: the budget counts calls, not successes.
      const blank = await post(me.visitor, editStudioVideo.path, editBody(itemId, ' '));
      expect(blank.statusCode).toBe(400);
    }
    const before = await item(itemId);

    const edit = await post(me.visitor, editStudioVideo.path, editBody(itemId, '改过的标题'));
    expect(edit.statusCode).toBe(429);
    const refusal = edit.json<{ code: number; message: string; data: { retry_after: number } }>();
    expect(refusal.code).toBe(429);
    expect(refusal.message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect(refusal.data.retry_after).toBeGreaterThan(0);
    const remove = await post(me.visitor, deleteStudioVideo.path, { item_id: itemId });
    expect(remove.statusCode).toBe(429);
    const series = await post(me.visitor, createStudioSeries.path, {
      kind: 'series',
      title: '超出限额的合集',
      item_ids: [itemId],
    });
    expect(series.statusCode).toBe(429);
    expect(await item(itemId)).toEqual(before);
    const made = await t.db
      .selectFrom('series')
      .select('item_id')
      .where('user_id', '=', me.id)
      .execute();
    expect(made).toEqual([]);

    // Another author's budget is their own.
    const other = await author();
    const theirs = await videoWithSource(other.id);
    const edited = await post(other.visitor, editStudioVideo.path, editBody(theirs, '别人的'));
    expect(edited.statusCode).toBe(200);
  });

  it(`takes ${RATE_LIMITS.studioCover.max} covers in ten minutes from one author, then 429 for uploads and frame grabs alike, changing nothing`, async () => {
    const me = await author();
    const itemId = await videoWithSource(me.id);
    const { duration_ms } = await t.db
      .selectFrom('items')
      .select('duration_ms')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < RATE_LIMITS.studioCover.max; i += 1) {
      const outside = await post(me.visitor, setStudioCoverFrame.path, {
        item_id: itemId,
        time_ms: duration_ms,
      });
      expect(outside.statusCode).toBe(400);
    }
    const before = await item(itemId);

    const frame = await post(me.visitor, setStudioCoverFrame.path, {
      item_id: itemId,
      time_ms: 500,
    });
    expect(frame.statusCode).toBe(429);
    const refusal = frame.json<{ code: number; message: string; data: { retry_after: number } }>();
    expect(refusal.code).toBe(429);
    expect(refusal.message).toMatch(/^更换封面过于频繁，请 \d+ 分钟后再试$/);
    expect(refusal.data.retry_after).toBeGreaterThan(0);
    const upload = await uploadCover(me.visitor, itemId);
    expect(upload.statusCode).toBe(429);
    expect(await item(itemId)).toEqual(before);
    // Cheap edits keep their own budget.
    const edit = await post(me.visitor, editStudioVideo.path, editBody(itemId, '改过的标题'));
    expect(edit.statusCode).toBe(200);
  });
});

describe('cover work in the process', () => {
  /** Fills the gate with tasks of the test's own, held until `release` is called. */
  function holdCoverWork(count: number) {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tasks = Array.from({ length: count }, () => coverWork.run(() => held));
    return {
      release: async () => {
        release();
        await Promise.all(tasks);
      },
    };
  }

  it(`lets a cover wait while ${COVER_WORK_LIMIT} run, and refuses one past ${COVER_WORK_QUEUE} waiting with 503, changing nothing`, async () => {
    const me = await author();
    const itemId = await videoWithSource(me.id);
    const before = await item(itemId);

    const running = holdCoverWork(COVER_WORK_LIMIT);
    const waitingUpload = uploadCover(me.visitor, itemId);
    const waitingFrame = post(me.visitor, setStudioCoverFrame.path, {
      item_id: itemId,
      time_ms: 500,
    });
    await vi.waitFor(
      () => {
        expect(coverWork.state()).toEqual({ running: COVER_WORK_LIMIT, waiting: 2 });
      },
      { timeout: 30_000 },
    );
    expect(await item(itemId)).toEqual(before);

    const queued = holdCoverWork(COVER_WORK_QUEUE - 2);
    expect(coverWork.state()).toEqual({ running: COVER_WORK_LIMIT, waiting: COVER_WORK_QUEUE });
    const busy = await uploadCover(me.visitor, itemId);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ code: 503, message: '封面处理繁忙，请稍后再试', data: null });
    expect(await item(itemId)).toEqual(before);

    await running.release();
    expect((await waitingUpload).statusCode).toBe(200);
    expect((await waitingFrame).statusCode).toBe(200);
    await queued.release();
    expect(coverWork.state()).toEqual({ running: 0, waiting: 0 });
    expect((await item(itemId)).cover_middle_uri).not.toBe(before.cover_middle_uri);
  });
});
