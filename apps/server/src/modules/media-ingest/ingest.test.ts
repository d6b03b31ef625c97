import { access, copyFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import { mediaFixture } from '@melon/media/testing/fixtures';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { findJob } from '../../jobs/job.repository.ts';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ingestMessages } from './ingest.messages.ts';
import { ingestVideo, VideoRefusedError, type IngestDeps } from './ingest.service.ts';
import { TRANSCODE_JOB, transcodeJob } from './transcode-job.ts';

const LIMITS = { maxBytes: 50 * 1024 * 1024, maxDurationSeconds: 600 };
const silent = () => undefined;

let t: TestApp;
let deps: IngestDeps;
let queue: DatabaseJobQueue;
let author: string;
let clip: string;

beforeAll(async () => {
  t = await createTestApp();
  queue = new DatabaseJobQueue({ db: t.db, newId: t.newId, leaseMs: 60_000 });
  deps = { db: t.db, newId: t.newId, dataDir: t.dataDir, limits: LIMITS, jobs: queue };
  author = await createUser(t.db, t.newId);
  clip = path.join(t.dataDir, 'clip.mp4');
  await generateClip(clip, { width: 320, height: 180, fps: 25, seconds: 2, audio: true });
}, 60_000);
afterAll(async () => {
  await queue.close();
  await t.close();
});

/** A fresh copy of a file for ingest to own (it moves or deletes what it is given). */
async function upload(source: string, name = path.basename(source)): Promise<string> {
  const copy = path.join(t.dataDir, `upload-${t.newId()}-${name}`);
  await copyFile(source, copy);
  return copy;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The clip's own channel (2): the recommend channel's visitor list is rebuilt once a minute. */
async function feedIds(): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/feedv2/feedById?channelId=2&count=50' });
  const body = response.json<{ data: { list: { groupId: string }[] } }>();
  return body.data.list.map((cell) => cell.groupId);
}

async function details(
  itemId: string,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await t.app.inject({ url: `/api/videov2/details?item_id=${itemId}`, headers });
  return response.json<{ data: Record<string, unknown> }>().data;
}

async function counts() {
  const count = async (table: 'items' | 'item_media' | 'jobs') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    items: await count('items'),
    media: await count('item_media'),
    jobs: await count('jobs'),
  };
}

const worker = () =>
  queue.createWorker([transcodeJob({ db: t.db, dataDir: t.dataDir })], {
    required: [TRANSCODE_JOB],
    log: silent,
  });

describe('ingestVideo and the transcode job', { timeout: 60_000 }, () => {
  it('takes a clip in as processing, hidden from feeds, until its job makes it playable', async () => {
    const uploaded = await upload(clip);
    const { itemId, jobId } = await ingestVideo(deps, {
      sourcePath: uploaded,
      title: '  测试上传  ',
      abstract: '简介',
      userId: author,
      tags: ['测试', '测试', '生活'],
    });

    expect(await exists(uploaded)).toBe(false);
    const media = await t.db
      .selectFrom('item_media')
      .selectAll()
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(media).toMatchObject({ state: 'processing', job_id: jobId, package_dir: null });
    expect(media.source_path).toBe(path.join(t.dataDir, 'sources', itemId));
    expect(await exists(media.source_path)).toBe(true);
    const item = await t.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ title: '测试上传', item_type: 0, visibility: 60, channel_id: 2 });
    const tags = await t.db
      .selectFrom('item_tags as it')
      .innerJoin('tags', 'tags.id', 'it.tag_id')
      .select('tags.name')
      .where('it.item_id', '=', itemId)
      .orderBy('tags.name')
      .execute();
    expect(tags.map((tag) => tag.name).sort()).toEqual(['测试', '生活'].sort());
    expect(await findJob(t.db, jobId)).toMatchObject({
      name: TRANSCODE_JOB,
      state: 'queued',
      payload: JSON.stringify({ itemId }),
    });
    expect(await feedIds()).not.toContain(itemId);
    // While it is processing its author sees the video page, anyone else no such video.
    const asAuthor = await t.signedIn(author);
    expect(await details(itemId, asAuthor.headers)).toMatchObject({ status: 'processing' });
    expect(await details(itemId)).toBeNull();

    expect(await worker().runOnce()).toBe(true);

    expect(await findJob(t.db, jobId)).toMatchObject({ state: 'succeeded', progress: 100 });
    const ready = await t.db
      .selectFrom('item_media')
      .selectAll()
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(ready.state).toBe('ready');
    expect(ready.derived_dir).toMatch(new RegExp(`^v/${itemId}/derived-[0-9a-f]{8}$`));
    expect(ready.max_fps).toBe(25);
    expect(JSON.parse(ready.storyboard ?? '{}')).toMatchObject({ count: 1 });
    const renditions = await t.db
      .selectFrom('item_renditions')
      .selectAll()
      .where('item_id', '=', itemId)
      .orderBy('representation_id')
      .execute();
    expect(renditions.map((r) => [r.kind, r.definition])).toEqual([
      ['video', '360p'],
      ['audio', null],
    ]);
    const mediaRoot = path.join(t.dataDir, 'media');
    for (const rendition of renditions) {
      expect(rendition.size).toBeGreaterThan(0);
      const packageDir = path.join(mediaRoot, ready.package_dir ?? '');
      expect((await stat(path.join(packageDir, rendition.init_segment))).size).toBeGreaterThan(0);
      expect(await exists(path.join(packageDir, rendition.hls_playlist))).toBe(true);
    }
    // Nothing half-written is left beside the finished directories; the package is kept under
    // private/ with a name of its own, not derivable from the public derived folder's (decision 068).
    expect(await readdir(path.join(mediaRoot, 'v', itemId))).toEqual([
      path.basename(ready.derived_dir ?? ''),
    ]);
    expect(await readdir(path.join(mediaRoot, 'private', 'v', itemId))).toEqual([
      path.basename(ready.package_dir ?? ''),
    ]);
    expect(ready.package_dir).toMatch(new RegExp(`^private/v/${itemId}/package-[0-9a-f]{32}$`));

    const playable = await t.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(playable.duration_ms).toBeGreaterThanOrEqual(1900);
    expect(playable.duration_ms).toBeLessThanOrEqual(2100);
    for (const uri of [playable.cover_large_uri, playable.cover_middle_uri, playable.preview_uri]) {
      expect(uri).toMatch(new RegExp(`^${ready.derived_dir ?? ''}/`));
      expect(await exists(path.join(mediaRoot, uri ?? ''))).toBe(true);
    }
    // Feed pages are micro-cached for a second: the ready item shows up once the cache turns over.
    await vi.waitFor(
      async () => {
        expect(await feedIds()).toContain(itemId);
      },
      { timeout: 5000, interval: 250 },
    );

    // The video page serves what the job made: status ready and its cover as a public file.
    const page = await details(itemId);
    expect(page).toMatchObject({ status: 'ready', title: '测试上传' });
    const cover = await t.app.inject({ url: String(page.cover_url) });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
  });

  it('refuses a still image: the file is deleted and nothing is written', async () => {
    const before = await counts();
    const uploaded = await upload(mediaFixture('image.jpg'));
    const refusal = await ingestVideo(deps, {
      sourcePath: uploaded,
      title: '一张图片',
      userId: author,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(VideoRefusedError);
    expect(refusal).toMatchObject({ reason: 'still_image', kind: 'invalid' });
    expect((refusal as Error).message).toBe('这是一张图片，不是视频，请上传视频文件');
    expect(await exists(uploaded)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('refuses a video over the duration limit', async () => {
    const uploaded = await upload(clip);
    await expect(
      ingestVideo(
        { ...deps, limits: { ...LIMITS, maxDurationSeconds: 1 } },
        { sourcePath: uploaded, title: '太长', userId: author },
      ),
    ).rejects.toMatchObject({ reason: 'too_long' });
    expect(await exists(uploaded)).toBe(false);
  });

  it.each([
    [{ title: '   ' }, 'title', ingestMessages.titleRequired],
    [{ title: '长'.repeat(81) }, 'title', ingestMessages.titleTooLong],
    [{ channelId: 1 }, 'channel_id', ingestMessages.unknownChannel],
    [{ channelId: 4040 }, 'channel_id', ingestMessages.unknownChannel],
    [{ userId: '1234567890123456789' }, 'user_id', ingestMessages.unknownUser],
    [{ tags: ['标'.repeat(21)] }, 'tags', ingestMessages.tagsInvalid],
  ])('refuses bad form fields %o before touching the file', async (change, field, message) => {
    const before = await counts();
    const uploaded = await upload(clip);
    await expect(
      ingestVideo(deps, { sourcePath: uploaded, title: '标题', userId: author, ...change }),
    ).rejects.toMatchObject({ kind: 'invalid', message, details: { field } });
    expect(await exists(uploaded)).toBe(true);
    expect(await counts()).toEqual(before);
    await rm(uploaded);
  });

  it('fails the item for good with a Chinese message when its source is gone', async () => {
    const { itemId, jobId } = await ingestVideo(deps, {
      sourcePath: await upload(clip),
      title: '源文件丢失',
      userId: author,
    });
    await rm(path.join(t.dataDir, 'sources', itemId));
    await worker().runOnce();
    expect(await findJob(t.db, jobId)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(
      await t.db
        .selectFrom('item_media')
        .select(['state', 'error_message'])
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ state: 'failed', error_message: ingestMessages.sourceMissing });
    expect(await feedIds()).not.toContain(itemId);
  });

  it('after the last failed attempt marks the media failed and removes its files', async () => {
    const { itemId } = await ingestVideo(deps, {
      sourcePath: await upload(clip),
      title: '转码失败',
      userId: author,
    });
    const handler = transcodeJob({ db: t.db, dataDir: t.dataDir });
    await handler.onFailed?.({ itemId }, 'MediaToolError: ffmpeg exited with 1');
    expect(
      await t.db
        .selectFrom('item_media')
        .select(['state', 'error_message'])
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ state: 'failed', error_message: ingestMessages.transcodeFailed });
    expect(await exists(path.join(t.dataDir, 'media', 'v', itemId))).toBe(false);
    expect(await exists(path.join(t.dataDir, 'media', 'private', 'v', itemId))).toBe(false);
  });
});
