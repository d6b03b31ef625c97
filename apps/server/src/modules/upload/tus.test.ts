import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { DEFAULT_UPLOAD_MAX_BYTES, UPLOAD_TTL_MS } from '@melon/shared/contracts/publish';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { CLAIM_GRACE_MS, createUploadStore } from './upload-store.ts';
import { UPLOAD_CREATE_LIMIT } from './tus.routes.ts';

const ENDPOINT = '/api/upload/video/';
const TUS = { 'tus-resumable': '1.0.0' };

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = path.join(t.dataDir, 'uploads');
});
afterAll(() => t.close());

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const metadataOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

async function newCreator(): Promise<{ id: string; v: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, v: await t.signedIn(id) };
}

function create(
  v: Visitor | undefined,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: ENDPOINT,
    headers: {
      ...(v?.headers ?? t.visitor().headers),
      ...TUS,
      'upload-length': '10',
      'upload-metadata': metadataOf({ filename: '我的视频.mp4', filetype: 'video/mp4' }),
      ...headers,
    },
  });
}

async function createdUrl(v: Visitor, length = 10): Promise<string> {
  const response = await create(v, { 'upload-length': String(length) });
  expect(response.statusCode).toBe(201);
  const location = response.headers.location;
  if (typeof location !== 'string') throw new Error('no Location');
  return location;
}

function patch(v: Visitor, url: string, offset: number, bytes: string, headers = {}) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...v.headers,
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...headers,
    },
    payload: Buffer.from(bytes),
  });
}

function head(v: Visitor, url: string) {
  return t.app.inject({ method: 'HEAD', url, headers: { ...v.headers, ...TUS } });
}

const idOf = (url: string) => url.split('/').at(-1) ?? '';
const uploadFiles = () => readdirSync(uploadsDir).filter((name) => name !== 'claimed');

describe('creating an upload', () => {
  it('answers 201 with the upload URL and keeps the owner, file name and type', async () => {
    const { id, v } = await newCreator();
    const url = await createdUrl(v);
    expect(url).toMatch(/^\/api\/upload\/video\/[1-9][0-9]{18}$/);
    const record = JSON.parse(readFileSync(path.join(uploadsDir, `${idOf(url)}.json`), 'utf8')) as {
      metadata: Record<string, string>;
    };
    expect(record.metadata).toEqual({
      filename: '我的视频.mp4',
      filetype: 'video/mp4',
      owner_id: id,
    });
  });

  it('refuses a visitor with 401 in the envelope and creates nothing', async () => {
    const before = uploadFiles();
    const response = await create(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, message: '请先登录', data: null });
    expect(uploadFiles()).toEqual(before);
  });

  it('refuses a bad anti-forgery token with 403 and creates nothing', async () => {
    const { v } = await newCreator();
    const before = uploadFiles();
    const response = await create({ ...v, headers: { ...v.headers, [CSRF_HEADER]: 'forged' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 1, errno: 1 });
    expect(uploadFiles()).toEqual(before);
  });

  it('refuses a file over the size limit with 413 and a clear message', async () => {
    const { v } = await newCreator();
    const before = uploadFiles();
    const response = await create(v, { 'upload-length': String(DEFAULT_UPLOAD_MAX_BYTES + 1) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, message: '文件太大，不能超过 4 GB' });
    expect(uploadFiles()).toEqual(before);
  });

  it('accepts a file of exactly the size limit', async () => {
    const { v } = await newCreator();
    await createdUrl(v, DEFAULT_UPLOAD_MAX_BYTES);
  });

  it.each([
    ['no Upload-Length', { 'upload-length': '' }, 'Upload-Length'],
    ['a negative Upload-Length', { 'upload-length': '-1' }, 'Upload-Length'],
    ['a deferred length', { 'upload-length': '', 'upload-defer-length': '1' }, 'Upload-Length'],
    ['metadata that is not base64', { 'upload-metadata': 'filename ***' }, 'Upload-Metadata'],
    [
      'a repeated key',
      { 'upload-metadata': `filename ${b64('a')},filename ${b64('b')}` },
      'Upload-Metadata',
    ],
    ['no file name', { 'upload-metadata': metadataOf({ filetype: 'video/mp4' }) }, 'filename'],
    ['a blank file name', { 'upload-metadata': metadataOf({ filename: '  ' }) }, 'filename'],
    [
      'a file name over 255',
      { 'upload-metadata': metadataOf({ filename: `${'长'.repeat(252)}.mp4` }) },
      'filename',
    ],
    [
      'a control character',
      { 'upload-metadata': metadataOf({ filename: 'a\nb.mp4' }) },
      'filename',
    ],
    [
      'a malformed type',
      { 'upload-metadata': metadataOf({ filename: 'a.mp4', filetype: 'video' }) },
      'filetype',
    ],
    [
      'an owner of its own',
      { 'upload-metadata': metadataOf({ filename: 'a.mp4', owner_id: '1' }) },
      'owner_id',
    ],
  ])('refuses %s with 400 naming the field', async (_name, headers, field) => {
    const { v } = await newCreator();
    const before = uploadFiles();
    const cleaned = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
    const response = await t.app.inject({
      method: 'POST',
      url: ENDPOINT,
      headers: {
        ...v.headers,
        ...TUS,
        'upload-metadata': metadataOf({ filename: 'a.mp4' }),
        ...('upload-length' in headers ? {} : { 'upload-length': '10' }),
        ...cleaned,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, field });
    expect(response.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
    expect(uploadFiles()).toEqual(before);
  });

  it(`allows ${UPLOAD_CREATE_LIMIT.max} new uploads an hour per user, then 429 with the wait`, async () => {
    const { v } = await newCreator();
    for (let i = 0; i < UPLOAD_CREATE_LIMIT.max; i += 1) await createdUrl(v, 1);
    const before = uploadFiles();
    const response = await create(v);
    expect(response.statusCode).toBe(429);
    expect(response.json<{ message: string }>().message).toMatch(
      /^上传过于频繁，请 \d+ (分钟|小时)后再试$/,
    );
    expect(uploadFiles()).toEqual(before);
  });
});

describe('sending the bytes', () => {
  it('takes chunks at the offset HEAD reports until the file is complete', async () => {
    const { v } = await newCreator();
    const url = await createdUrl(v);
    const first = await patch(v, url, 0, '01234');
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('5');
    const status = await head(v, url);
    expect(status.statusCode).toBe(200);
    expect(status.headers['upload-offset']).toBe('5');
    expect(status.headers['upload-length']).toBe('10');
    expect(status.headers['cache-control']).toBe('no-store');
    const second = await patch(v, url, 5, '56789');
    expect(second.headers['upload-offset']).toBe('10');
    expect(readFileSync(path.join(uploadsDir, idOf(url)), 'utf8')).toBe('0123456789');
  });

  it('answers a chunk at the wrong offset with 409 in the envelope and keeps the bytes', async () => {
    const { v } = await newCreator();
    const url = await createdUrl(v);
    await patch(v, url, 0, '01234');
    const response = await patch(v, url, 2, '23456');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 409, message: '上传进度与服务器不一致，请重试' });
    expect(readFileSync(path.join(uploadsDir, idOf(url)), 'utf8')).toBe('01234');
  });

  it('refuses bytes past the declared length with 413', async () => {
    const { v } = await newCreator();
    const url = await createdUrl(v, 4);
    const response = await patch(v, url, 0, '0123456789');
    expect(response.statusCode).toBe(413);
    expect((await head(v, url)).headers['upload-offset']).toBe('0');
  });

  it('refuses a PATCH with a bad anti-forgery token with 403 and writes nothing', async () => {
    const { v } = await newCreator();
    const url = await createdUrl(v);
    const response = await patch(v, url, 0, '01234', { [CSRF_HEADER]: 'forged' });
    expect(response.statusCode).toBe(403);
    expect((await head(v, url)).headers['upload-offset']).toBe('0');
  });

  it('refuses a visitor with 401 on HEAD, PATCH and DELETE', async () => {
    const { v } = await newCreator();
    const url = await createdUrl(v);
    const visitor = t.visitor();
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: {
          ...visitor.headers,
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: method === 'PATCH' ? Buffer.from('01234') : undefined,
      });
      expect(response.statusCode).toBe(401);
    }
    expect((await head(v, url)).headers['upload-offset']).toBe('0');
  });

  it("answers 404 for another user's upload on HEAD, PATCH and DELETE and leaves it alone", async () => {
    const owner = await newCreator();
    const other = await newCreator();
    const url = await createdUrl(owner.v);
    await patch(owner.v, url, 0, '01');
    expect((await head(other.v, url)).statusCode).toBe(404);
    const written = await patch(other.v, url, 2, '234');
    expect(written.statusCode).toBe(404);
    expect(written.json()).toMatchObject({ code: 404, message: '上传不存在或已过期，请重新上传' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { ...other.v.headers, ...TUS },
    });
    expect(deleted.statusCode).toBe(404);
    expect((await head(owner.v, url)).headers['upload-offset']).toBe('2');
  });

  it('answers 404 for an unknown or malformed upload id', async () => {
    const { v } = await newCreator();
    expect((await head(v, `${ENDPOINT}${t.newId()}`)).statusCode).toBe(404);
    expect((await head(v, `${ENDPOINT}..%2F..%2Fsecret`)).statusCode).toBe(404);
    expect((await head(v, `${ENDPOINT}0123456789012345678`)).statusCode).toBe(404);
  });

  it('lets the owner cancel an unfinished upload: DELETE removes the file and its record', async () => {
    const { v } = await newCreator();
    const url = await createdUrl(v);
    await patch(v, url, 0, '012');
    const response = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { ...v.headers, ...TUS },
    });
    expect(response.statusCode).toBe(204);
    expect(existsSync(path.join(uploadsDir, idOf(url)))).toBe(false);
    expect(existsSync(path.join(uploadsDir, `${idOf(url)}.json`))).toBe(false);
    expect((await head(v, url)).statusCode).toBe(404);
  });
});

describe('expiry', () => {
  it('sweeps uploads, finished or not, once they are older than a day, and keeps newer ones', async () => {
    const { v } = await newCreator();
    const oldUnfinished = await createdUrl(v);
    const oldFinished = await createdUrl(v, 2);
    await patch(v, oldFinished, 0, 'ok');
    const fresh = await createdUrl(v);
    const longAgo = new Date(Date.now() - UPLOAD_TTL_MS - 60_000).toUTCString();
    for (const url of [oldUnfinished, oldFinished]) {
      const file = path.join(uploadsDir, `${idOf(url)}.json`);
      const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...record, creation_date: longAgo }));
    }
    expect((await head(v, oldUnfinished)).statusCode).toBe(410);
    const store = createUploadStore(t.dataDir);
    expect(await store.sweepExpired()).toBe(2);
    for (const url of [oldUnfinished, oldFinished]) {
      expect(existsSync(path.join(uploadsDir, idOf(url)))).toBe(false);
      expect(existsSync(path.join(uploadsDir, `${idOf(url)}.json`))).toBe(false);
    }
    expect((await head(v, fresh)).statusCode).toBe(200);
  });
});

describe('orphaned claims', () => {
  it('sweeps a claimed file whose publish never ended (the server stopped midway) and keeps a fresh claim', async () => {
    const { id, v } = await newCreator();
    const store = createUploadStore(t.dataDir);
    const claim = async () => {
      const url = await createdUrl(v, 2);
      await patch(v, url, 0, 'ok');
      const claimed = await store.claim(idOf(url), id);
      if (!('path' in claimed)) throw new Error('not claimed');
      return { uploadId: idOf(url), file: claimed.path };
    };
    const orphan = await claim();
    const fresh = await claim();
    const longAgo = new Date(Date.now() - CLAIM_GRACE_MS - 60_000);
    utimesSync(orphan.file, longAgo, longAgo);

    expect(await store.sweepExpired()).toBe(1);
    expect(existsSync(orphan.file)).toBe(false);
    expect(existsSync(path.join(uploadsDir, `${orphan.uploadId}.json`))).toBe(false);
    expect(existsSync(fresh.file)).toBe(true);
    expect(existsSync(path.join(uploadsDir, `${fresh.uploadId}.json`))).toBe(true);
  });
});

describe('with tus-js-client over a real socket', () => {
  it('uploads in chunks, survives the connection being cut and resumes where it stopped', async () => {
    const { v } = await newCreator();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bytes = Buffer.alloc(300_000, 7);
    const offsets: number[] = [];
    const options = {
      endpoint: `${address}${ENDPOINT}`,
      chunkSize: 100_000,
      retryDelays: null,
      metadata: { filename: 'clip.mp4', filetype: 'video/mp4' },
      headers: { cookie: v.cookie, [CSRF_HEADER]: v.headers[CSRF_HEADER] ?? '' },
      onBeforeRequest: (request: {
        getMethod(): string;
        getHeader(name: string): string | undefined;
      }) => {
        if (request.getMethod() === 'PATCH')
          offsets.push(Number(request.getHeader('Upload-Offset')));
      },
    };
    // The first attempt stops after its first chunk: the connection is gone.
    const url = await new Promise<string>((resolve, reject) => {
      const upload: Upload = new Upload(bytes, {
        ...options,
        onChunkComplete: () => {
          void upload.abort().then(() => {
            resolve(upload.url ?? '');
          });
        },
        onError: reject,
      });
      upload.start();
    });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/api/upload/video/\\d{19}$`));
    // A new attempt from the stored URL asks the server where it stopped and goes on from there.
    await new Promise<void>((resolve, reject) => {
      new Upload(bytes, {
        ...options,
        uploadUrl: url,
        onSuccess: () => {
          resolve();
        },
        onError: reject,
      }).start();
    });
    expect(offsets).toEqual([0, 100_000, 200_000]);
    expect(readFileSync(path.join(uploadsDir, idOf(url)))).toEqual(bytes);
  });
});
