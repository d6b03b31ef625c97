import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '@melon/media/admission-messages';
import { generateClip } from '@melon/media/lavfi-clip';
import { publishVideo } from '@melon/shared/calls/upload.calls';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/*
 * Issue 11 item 2: each user's storage has a quota, and no upload starts or goes on while the
 * disk's free space is under the floor. Refused in the envelope before a byte is stored.
 */

const ENDPOINT = '/api/upload/video/';
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

let clip: Buffer;
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function appWith(storage: { userQuotaBytes?: number; minFreeDiskBytes?: number }) {
  const t = await createTestApp({ storage });
  apps.push(t);
  return t;
}

beforeAll(async () => {
  const t = await appWith({});
  const file = path.join(t.dataDir, 'clip.mp4');
  await generateClip(file, { width: 160, height: 90, fps: 15, seconds: 2, audio: false });
  clip = readFileSync(file);
}, 60_000);

async function creator(t: TestApp): Promise<Visitor> {
  return t.signedIn(await createUser(t.db, t.newId));
}

function create(t: TestApp, v: Visitor, length: number) {
  return t.app.inject({
    method: 'POST',
    url: ENDPOINT,
    headers: {
      ...v.headers,
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': `filename ${b64('a.mp4')}`,
    },
  });
}

function patch(t: TestApp, v: Visitor, url: string, bytes: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...v.headers,
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

const uploadsOf = (t: TestApp) =>
  readdirSync(path.join(t.dataDir, 'uploads')).filter((name) => name !== 'claimed');

describe('storage quota per user', () => {
  it('counts published sources and unpublished uploads, and refuses past the quota with both figures', async () => {
    const quota = clip.length * 2 + 100;
    const t = await appWith({ userQuotaBytes: quota });
    const v = await creator(t);
    const first = await create(t, v, clip.length);
    expect(first.statusCode).toBe(201);
    expect((await patch(t, v, String(first.headers.location), clip)).statusCode).toBe(204);
    const uploadId = String(first.headers.location).split('/').at(-1);
    const published = await t.app.inject({
      method: 'POST',
      url: publishVideo.path,
      headers: v.headers,
      payload: { upload_id: uploadId, title: '配额', channel_id: 8 },
    });
    expect(published.statusCode).toBe(200);

    // One source stored: a second file of the same size still fits, a third does not.
    const second = await create(t, v, clip.length);
    expect(second.statusCode).toBe(201);
    const before = uploadsOf(t);
    const third = await create(t, v, clip.length);
    expect(third.statusCode).toBe(413);
    expect(third.json()).toMatchObject({
      code: 413,
      message: `存储空间不足：每位用户最多可存 ${formatBytes(quota)} 视频，已用 ${formatBytes(clip.length * 2)}，请删除不需要的视频后再上传`,
      data: null,
    });
    expect(uploadsOf(t)).toEqual(before);

    // Another user has a quota of their own.
    expect((await create(t, await creator(t), clip.length)).statusCode).toBe(201);
  });
});

describe('free disk space floor', () => {
  it('refuses to start an upload that would leave the disk under the floor', async () => {
    const full = await appWith({ minFreeDiskBytes: Number.MAX_SAFE_INTEGER });
    const v = await creator(full);
    const refused = await create(full, v, clip.length);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: 503,
      message: '服务器存储空间不足，暂时无法上传，请稍后再试',
    });
    expect(uploadsOf(full)).toEqual([]);
  });
});
