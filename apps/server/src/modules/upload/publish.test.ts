import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import { mediaFixture } from '@melon/media/testing/fixtures';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { publishVideo } from '@melon/shared/calls/upload.calls';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { TRANSCODE_JOB } from '../media-ingest/transcode-job.ts';
import { createUploadStore } from './upload-store.ts';

const ENDPOINT = '/api/upload/video/';
const TUS = { 'tus-resumable': '1.0.0' };

let t: TestApp;
let clip: Buffer;
let image: Buffer;
let uploadsDir: string;
beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = path.join(t.dataDir, 'uploads');
  const clipPath = path.join(t.dataDir, 'clip.mp4');
  await generateClip(clipPath, { width: 160, height: 90, fps: 15, seconds: 2, audio: true });
  clip = readFileSync(clipPath);
  image = readFileSync(mediaFixture('image.jpg'));
}, 60_000);
afterAll(() => t.close());

async function newCreator(): Promise<{ id: string; v: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, v: await t.signedIn(id) };
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Uploads bytes through the tus endpoint (all of them unless `sent` says fewer); the id. */
async function uploaded(v: Visitor, bytes: Buffer, name: string, sent = bytes.length) {
  const created = await t.app.inject({
    method: 'POST',
    url: ENDPOINT,
    headers: {
      ...v.headers,
      ...TUS,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(name)}`,
    },
  });
  expect(created.statusCode).toBe(201);
  const url = String(created.headers.location);
  if (sent > 0) {
    const patched = await t.app.inject({
      method: 'PATCH',
      url,
      headers: {
        ...v.headers,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes.subarray(0, sent),
    });
    expect(patched.statusCode).toBe(204);
  }
  return url.split('/').at(-1) ?? '';
}

function publish(v: Visitor | undefined, body: Record<string, unknown>, headers = {}) {
  return t.app.inject({
    method: 'POST',
    url: publishVideo.path,
    headers: { ...(v?.headers ?? t.visitor().headers), ...headers },
    payload: body,
  });
}

const form = (uploadId: string, over: Record<string, unknown> = {}) => ({
  upload_id: uploadId,
  title: '  周末的海边  ',
  abstract: '第一次用甜瓜发视频',
  tags: ['旅行', '海边'],
  channel_id: 8,
  ...over,
});

/** What is left of an upload on disk: its file, its record, a claimed copy. */
function leftovers(uploadId: string): string[] {
  const claimed = readdirSync(path.join(uploadsDir, 'claimed'));
  return [
    ...readdirSync(uploadsDir).filter((name) => name.startsWith(uploadId)),
    ...claimed.filter((name) => name.startsWith(uploadId)).map((name) => `claimed/${name}`),
  ];
}

const itemsOf = (userId: string) =>
  t.db.selectFrom('items').select(['id', 'title']).where('user_id', '=', userId).execute();

async function uploadOffset(v: Visitor, uploadId: string): Promise<string | undefined> {
  const response = await t.app.inject({
    method: 'HEAD',
    url: `${ENDPOINT}${uploadId}`,
    headers: { ...v.headers, ...TUS },
  });
  return response.headers['upload-offset'] as string | undefined;
}

const messageOf = (response: LightMyRequestResponse) =>
  response.json<{ message: string }>().message;

describe('publishing a finished upload', () => {
  it('creates the video with its details, queues its transcode and clears the upload', async () => {
    const { id, v } = await newCreator();
    const uploadId = await uploaded(v, clip, '海边.mp4');
    const response = await publish(v, form(uploadId, { cover_time_ms: 1500 }));
    expect(response.statusCode).toBe(200);
    const itemId = response.json<{ data: { item_id: string } }>().data.item_id;
    expect(itemId).toMatch(/^[1-9][0-9]{18}$/);

    const item = await t.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ user_id: id, title: '周末的海边', channel_id: 8 });
    expect(item.abstract).toBe('第一次用甜瓜发视频');
    const tags = await t.db
      .selectFrom('item_tags')
      .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
      .select('tags.name')
      .where('item_tags.item_id', '=', itemId)
      .execute();
    expect(tags.map((tag) => tag.name).sort()).toEqual(['旅行', '海边'].sort());

    const media = await t.db
      .selectFrom('item_media')
      .selectAll()
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(media.state).toBe('processing');
    // Stored by its item id alone: the client's file name (and extension) picks nothing.
    expect(path.basename(media.source_path)).toBe(itemId);
    expect(readFileSync(media.source_path)).toEqual(clip);
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', media.job_id ?? '')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ name: TRANSCODE_JOB, state: 'queued' });
    expect(JSON.parse(job.payload)).toEqual({ itemId, coverTimeMs: 1500 });

    expect(leftovers(uploadId)).toEqual([]);
    const again = await publish(v, form(uploadId));
    expect(again.statusCode).toBe(404);
    expect(await itemsOf(id)).toHaveLength(1);
  });

  it('refuses a still image with a clear message and leaves nothing behind', async () => {
    const { id, v } = await newCreator();
    const uploadId = await uploaded(v, image, 'photo.jpg');
    const sourcesBefore = existsSync(path.join(t.dataDir, 'sources'))
      ? readdirSync(path.join(t.dataDir, 'sources'))
      : [];
    const response = await publish(v, form(uploadId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      message: '这是一张图片，不是视频，请上传视频文件',
      field: 'upload_id',
      data: null,
    });
    expect(leftovers(uploadId)).toEqual([]);
    expect(await itemsOf(id)).toEqual([]);
    const sourcesAfter = existsSync(path.join(t.dataDir, 'sources'))
      ? readdirSync(path.join(t.dataDir, 'sources'))
      : [];
    expect(sourcesAfter).toEqual(sourcesBefore);
    expect((await publish(v, form(uploadId))).statusCode).toBe(404);
  });

  it('refuses a file ffprobe cannot read', async () => {
    const { id, v } = await newCreator();
    const uploadId = await uploaded(v, Buffer.from('这不是视频'.repeat(100)), 'notes.mp4');
    const response = await publish(v, form(uploadId));
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('无法读取该文件，文件可能已损坏或不是视频，请检查后重新上传');
    expect(leftovers(uploadId)).toEqual([]);
    expect(await itemsOf(id)).toEqual([]);
  });
});

describe("an upload whose bytes would open another user's source", () => {
  const playlist = (segment: string) =>
    `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${segment}\n#EXT-X-ENDLIST\n`;

  it('is refused at publish, named .m3u8 or .mp4, pointing by a relative or an absolute path', async () => {
    const victim = await newCreator();
    const published = await publish(victim.v, form(await uploaded(victim.v, clip, 'mine.mp4')));
    const victimItem = published.json<{ data: { item_id: string } }>().data.item_id;
    const { source_path: victimSource } = await t.db
      .selectFrom('item_media')
      .select('source_path')
      .where('item_id', '=', victimItem)
      .executeTakeFirstOrThrow();
    const relative = `../../${path.relative(t.dataDir, victimSource)}`;

    const attacker = await newCreator();
    for (const [name, segment] of [
      ['x.m3u8', relative],
      ['x.m3u8', victimSource],
      ['x.mp4', relative],
      ['list.txt', `file:${victimSource}`],
    ] as const) {
      const uploadId = await uploaded(attacker.v, Buffer.from(playlist(segment)), name);
      const response = await publish(attacker.v, form(uploadId));
      expect(response.statusCode, `${name} → ${segment}`).toBe(400);
      expect(response.json()).toMatchObject({
        message:
          '不支持该文件格式，请上传 MP4、MOV、MKV、WebM、AVI、FLV、TS 等视频文件（播放列表、拼接列表和图片序列不能上传）',
        field: 'upload_id',
      });
      expect(leftovers(uploadId)).toEqual([]);
    }
    const concat = await uploaded(
      attacker.v,
      Buffer.from(`ffconcat version 1.0\nfile '${victimSource}'\n`),
      'x.ffconcat',
    );
    expect((await publish(attacker.v, form(concat))).statusCode).toBe(400);
    expect(await itemsOf(attacker.id)).toEqual([]);
    expect(readFileSync(victimSource)).toEqual(clip);
  });

  it('is claimed under its id alone, without the extension the client named', async () => {
    const { id, v } = await newCreator();
    const uploadId = await uploaded(v, clip, 'clip.m3u8');
    const claim = await createUploadStore(t.dataDir).claim(uploadId, id);
    expect(claim).toEqual({ path: path.join(uploadsDir, 'claimed', uploadId) });
  });
});

describe('refusals that keep the upload for another try', () => {
  it('refuses a visitor with 401', async () => {
    const { v } = await newCreator();
    const uploadId = await uploaded(v, clip, 'a.mp4');
    const response = await publish(undefined, form(uploadId));
    expect(response.statusCode).toBe(401);
    expect(leftovers(uploadId)).toHaveLength(2);
  });

  it('refuses a bad anti-forgery token with 403', async () => {
    const { id, v } = await newCreator();
    const uploadId = await uploaded(v, clip, 'a.mp4');
    const response = await publish(v, form(uploadId), { [CSRF_HEADER]: 'forged' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 1, errno: 1 });
    expect(leftovers(uploadId)).toHaveLength(2);
    expect(await itemsOf(id)).toEqual([]);
  });

  it("answers 404 for another user's upload and leaves it to its owner", async () => {
    const owner = await newCreator();
    const other = await newCreator();
    const uploadId = await uploaded(owner.v, clip, 'a.mp4');
    const response = await publish(other.v, form(uploadId));
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe('上传不存在或已过期，请重新上传');
    expect(await itemsOf(other.id)).toEqual([]);
    expect((await publish(owner.v, form(uploadId))).statusCode).toBe(200);
  });

  it('answers 409 while the upload is not complete', async () => {
    const { id, v } = await newCreator();
    const uploadId = await uploaded(v, clip, 'a.mp4', 1000);
    const response = await publish(v, form(uploadId));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: '文件还没有上传完成', field: 'upload_id' });
    expect(await uploadOffset(v, uploadId)).toBe('1000');
    expect(await itemsOf(id)).toEqual([]);
  });

  it.each([
    ['no upload id', { upload_id: undefined }, 'upload_id'],
    ['a malformed upload id', { upload_id: '../../etc/passwd' }, 'upload_id'],
    ['an empty title', { title: '' }, 'title'],
    ['a title over 80', { title: '题'.repeat(81) }, 'title'],
    ['an abstract over 2000', { abstract: '简'.repeat(2001) }, 'abstract'],
    ['eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
    ['a tag over 20', { tags: ['长'.repeat(21)] }, 'tags.0'],
    ['no channel', { channel_id: undefined }, 'channel_id'],
    ['a channel that is not a number', { channel_id: 'food' }, 'channel_id'],
    ['a negative cover time', { cover_time_ms: -1 }, 'cover_time_ms'],
  ])('refuses %s with 400 naming the field', async (_name, over, field) => {
    const { id, v } = await newCreator();
    const uploadId = await uploaded(v, clip, 'a.mp4');
    const body: Record<string, unknown> = form(uploadId, over);
    const response = await publish(
      v,
      Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, field });
    expect(messageOf(response)).toMatch(/[\u4e00-\u9fff]/);
    expect(leftovers(uploadId)).toHaveLength(2);
    expect(await itemsOf(id)).toEqual([]);
  });

  it.each([
    ['a blank title', { title: '   ' }, 'title'],
    ['the recommend feed as channel', { channel_id: 1 }, 'channel_id'],
    ['live as channel', { channel_id: 109 }, 'channel_id'],
    ['an unknown channel', { channel_id: 999 }, 'channel_id'],
  ])(
    'refuses %s after claiming, puts the upload back, and publishes once fixed',
    async (_n, over, field) => {
      const { id, v } = await newCreator();
      const uploadId = await uploaded(v, clip, 'a.mp4');
      const response = await publish(v, form(uploadId, over));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field });
      expect(await itemsOf(id)).toEqual([]);
      expect(await uploadOffset(v, uploadId)).toBe(String(clip.length));
      expect((await publish(v, form(uploadId))).statusCode).toBe(200);
    },
  );
});
