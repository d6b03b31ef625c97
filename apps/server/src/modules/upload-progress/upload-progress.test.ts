import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemMediaState } from '@melon/db/tables/media';
import type { UploadProgress } from '@melon/shared/contracts/upload-progress';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { uploadProgressMessages as messages } from './upload-progress.messages.ts';

let t: TestApp;
let author: string;
let authorVisitor: Visitor;
let stranger: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
  authorVisitor = await t.signedIn(author);
  stranger = await t.signedIn(await createUser(t.db, t.newId));
});
afterAll(() => t.close());

/** An uploaded item whose media is processing under a queued transcode job. */
async function uploadedItem(): Promise<{ itemId: string; jobId: string }> {
  const itemId = await createItem(t.db, t.newId, author);
  const job = await new DatabaseJobQueue({ db: t.db, newId: t.newId, leaseMs: 60_000 }).prepare(
    t.db,
    'transcode',
    { itemId },
  );
  const now = Date.now();
  await t.db
    .insertInto('item_media')
    .values({
      item_id: itemId,
      source_path: `/tmp/${itemId}.mp4`,
      job_id: job.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { itemId, jobId: job.id };
}

const setJob = (
  jobId: string,
  change: { state: 'running' | 'queued'; progress: number; attempts: number },
) => t.db.updateTable('jobs').set(change).where('id', '=', jobId).execute();

const setMedia = (itemId: string, state: ItemMediaState, error: string | null = null) =>
  t.db
    .updateTable('item_media')
    .set({ state, error_message: error })
    .where('item_id', '=', itemId)
    .execute();

async function progress(itemId: string, visitor?: Visitor) {
  const response = await t.app.inject({
    url: `/api/videov2/upload/progress?item_id=${itemId}`,
    headers: visitor?.headers ?? {},
  });
  return {
    status: response.statusCode,
    body: response.json<{
      code: number;
      message: string;
      data: UploadProgress | null;
      field?: string;
    }>(),
  };
}

describe('GET /api/videov2/upload/progress', () => {
  it('shows the author the state and percent as the job moves on', async () => {
    const { itemId, jobId } = await uploadedItem();
    expect(await progress(itemId, authorVisitor)).toMatchObject({
      status: 200,
      body: {
        code: 200,
        data: { item_id: itemId, state: 'processing', progress: 0, message: messages.queued },
      },
    });

    await setJob(jobId, { state: 'running', progress: 42, attempts: 1 });
    expect((await progress(itemId, authorVisitor)).body.data).toEqual({
      item_id: itemId,
      state: 'processing',
      progress: 42,
      message: messages.processing,
    });

    await setJob(jobId, { state: 'queued', progress: 0, attempts: 1 });
    expect((await progress(itemId, authorVisitor)).body.data).toMatchObject({
      message: messages.retrying,
    });

    await setMedia(itemId, 'ready');
    expect((await progress(itemId, authorVisitor)).body.data).toMatchObject({
      state: 'ready',
      progress: 100,
    });
  });

  it('tells the author why processing failed', async () => {
    const { itemId } = await uploadedItem();
    await setMedia(itemId, 'failed', '视频处理失败，请检查文件后重新上传');
    expect((await progress(itemId, authorVisitor)).body.data).toMatchObject({
      state: 'failed',
      message: '视频处理失败，请检查文件后重新上传',
    });
  });

  it('asks a visitor to sign in', async () => {
    const { itemId } = await uploadedItem();
    expect(await progress(itemId)).toMatchObject({ status: 401, body: { code: 401, data: null } });
  });

  it("refuses someone else's video", async () => {
    const { itemId } = await uploadedItem();
    expect(await progress(itemId, stranger)).toMatchObject({
      status: 403,
      body: { message: messages.notAuthor },
    });
  });

  it('answers 404 for an unknown item and for an item that was never uploaded', async () => {
    expect((await progress('1234567890123456789', authorVisitor)).status).toBe(404);
    const catalogueItem = await createItem(t.db, t.newId, author);
    expect(await progress(catalogueItem, authorVisitor)).toMatchObject({
      status: 404,
      body: { message: messages.notFound },
    });
  });

  it('names a malformed item_id', async () => {
    expect(await progress('abc', authorVisitor)).toMatchObject({ status: 400 });
    const missing = await t.app.inject({
      url: '/api/videov2/upload/progress',
      headers: authorVisitor.headers,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('item_id');
  });
});

describe('GET /api/videov2/upload/progress/stream', () => {
  it('sends the state and percent on each change and closes once ready', async () => {
    const { itemId, jobId } = await uploadedItem();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      get(
        `http://127.0.0.1:${port}/api/videov2/upload/progress/stream?item_id=${itemId}`,
        { headers: { cookie: authorVisitor.cookie } },
        resolve,
      ).on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    response.setEncoding('utf8');
    const chunks = response[Symbol.asyncIterator]() as AsyncIterator<string>;
    let buffered = '';
    /** The next `data:` message, skipping the retry line and keep-alive comments. */
    const nextEvent = async (): Promise<UploadProgress | null> => {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end !== -1) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) return JSON.parse(data.slice(6)) as UploadProgress;
          continue;
        }
        const chunk = await chunks.next();
        if (chunk.done) return null;
        buffered += chunk.value;
      }
    };

    expect(await nextEvent()).toMatchObject({ state: 'processing', progress: 0 });
    await setJob(jobId, { state: 'running', progress: 30, attempts: 1 });
    expect(await nextEvent()).toMatchObject({ state: 'processing', progress: 30 });
    await setJob(jobId, { state: 'running', progress: 85, attempts: 1 });
    expect(await nextEvent()).toMatchObject({ state: 'processing', progress: 85 });
    await setMedia(itemId, 'ready');
    expect(await nextEvent()).toMatchObject({ state: 'ready', progress: 100 });
    expect(await nextEvent()).toBeNull();
  });

  it('answers errors in the envelope before any event', async () => {
    const { itemId } = await uploadedItem();
    const url = `/api/videov2/upload/progress/stream?item_id=${itemId}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const other = await t.app.inject({ url, headers: stranger.headers });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 403, data: null });
    const stream = (query: string) =>
      t.app.inject({
        url: `/api/videov2/upload/progress/stream${query}`,
        headers: authorVisitor.headers,
      });
    for (const query of ['?item_id=abc', '?item_id=0123456789012345678', '']) {
      const malformed = await stream(query);
      expect(malformed.statusCode, query).toBe(400);
      expect(malformed.headers['content-type']).toMatch(/^application\/json/);
      expect(malformed.json()).toMatchObject({ code: 400, field: 'item_id' });
    }
    const unknown = await stream('?item_id=1234567890123456789');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, data: null });
  });
});
