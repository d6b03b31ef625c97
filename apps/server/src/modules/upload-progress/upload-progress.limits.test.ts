import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { startLiveServer, type LiveServer } from '../../testing/live-server.ts';

// Real streams over a real socket on a shared 2-core machine: generous, never a timing claim.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
const newId = createIdGenerator();

let database: OpenedDatabase;
let server: LiveServer;
let author: string;
let itemId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startLiveServer(database.db, newId, { maxStreamsPerIp: 2, sessionCheckMs: 50 });
  author = await createUser(database.db, newId);
  itemId = await createItem(database.db, newId, author);
  // Processing under a queued job: its stream stays open.
  const job = await new DatabaseJobQueue({ db: database.db, newId, leaseMs: 60_000 }).prepare(
    database.db,
    'transcode',
    { itemId },
  );
  const now = Date.now();
  await database.db
    .insertInto('item_media')
    .values({
      item_id: itemId,
      source_path: `/tmp/${itemId}.mp4`,
      job_id: job.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** Opens the progress stream as the browser with these headers; resolves with the response. */
function openStream(headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(
      `${server.origin}/api/videov2/upload/progress/stream?item_id=${itemId}`,
      { headers: { cookie: headers.cookie ?? '' } },
      resolve,
    ).on('error', reject);
  });
}

/** The whole body of a finished response. */
async function bodyOf(response: IncomingMessage): Promise<string> {
  response.setEncoding('utf8');
  let body = '';
  for await (const chunk of response) body += String(chunk);
  return body;
}

/** Resolves once the stream sent its first event (it is registered by then). */
function firstEvent(response: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    response.once('data', () => {
      resolve();
    });
  });
}

const ended = (response: IncomingMessage) =>
  new Promise<void>((resolve) => {
    response.once('end', resolve);
    response.resume();
  });

describe('upload progress streams', () => {
  it('are capped per client address, and a place is freed when one closes', async () => {
    const headers = await server.signedIn(author);
    const first = await openStream(headers);
    const second = await openStream(headers);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await Promise.all([firstEvent(first), firstEvent(second)]);

    const refused = await openStream(headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    const envelope = JSON.parse(await bodyOf(refused)) as { code: number; message: string };
    expect(envelope.code).toBe(429);
    expect(envelope.message).toMatch(/[\u4e00-\u9fff]/);

    first.destroy();
    // The server frees the place once it sees the client gone.
    let third = await openStream(headers);
    while (third.statusCode === 429) {
      await bodyOf(third);
      await new Promise((resolve) => setTimeout(resolve, 20));
      third = await openStream(headers);
    }
    expect(third.statusCode).toBe(200);
    second.destroy();
    third.destroy();
  });

  it('end when their session signs out, while another session keeps its own', async () => {
    const leaving = await server.signedIn(author);
    const staying = await server.signedIn(author);
    let mine = await openStream(leaving);
    // The previous test's places may still be closing.
    while (mine.statusCode === 429) {
      await bodyOf(mine);
      await new Promise((resolve) => setTimeout(resolve, 20));
      mine = await openStream(leaving);
    }
    expect(mine.statusCode).toBe(200);
    await firstEvent(mine);
    const theirs = await openStream(staying);
    expect(theirs.statusCode).toBe(200);
    await firstEvent(theirs);

    const out = await server.app.inject({
      method: 'POST',
      url: '/passport/web/logout/',
      headers: leaving,
    });
    expect(out.statusCode).toBe(200);
    await ended(mine);
    expect(theirs.readableEnded).toBe(false);
    theirs.destroy();
  });
});
