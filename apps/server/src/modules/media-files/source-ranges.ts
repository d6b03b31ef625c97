import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { MediaStorage, StoredHead } from '../../storage/media-storage.ts';
import { parseRange } from './stored-file-reply.ts';

/**
 * The most bytes one answer holds. ffmpeg asks for everything from an offset on (`bytes=N-`)
 * and drops the connection when it seeks away; whatever was sent by then sits unread in the
 * sockets' buffers, so an unbounded answer would read megabytes ffmpeg never uses.
 */
export const RANGE_WINDOW_BYTES = 512 * 1024;

export interface ServedSource {
  /** Where ffmpeg reads the source: `http://127.0.0.1:<port>/<random token>`. */
  url: URL;
  close: () => Promise<void>;
}

/**
 * A stored object served over HTTP on the loopback interface for one ffmpeg run (decision 066):
 * only GET of its unguessable path, each range answered a window at a time through
 * MediaStorage.read, so a frame grab from S3 reads the index and the few frames it decodes
 * instead of downloading the whole source. Null when the object is gone.
 */
export async function serveSourceRanges(
  storage: MediaStorage,
  key: string,
): Promise<ServedSource | null> {
  const head = await storage.head(key);
  if (!head) return null;
  const path = `/${randomBytes(16).toString('hex')}`;
  const server = createServer((request, response) => {
    const known = request.method === 'GET' && request.url === path;
    // The storage failed or ffmpeg went away mid-answer: the connection just ends.
    answer(storage, { key, head }, known ? request.headers.range : null, response).catch(() => {
      response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}${path}`),
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/** One request: a window of the range asked (`null`: not the served path, 404). */
async function answer(
  storage: MediaStorage,
  object: { key: string; head: StoredHead },
  rangeHeader: string | undefined | null,
  response: ServerResponse,
): Promise<void> {
  // Each answer ends its connection: ffmpeg then asks again from where it stopped.
  response.setHeader('connection', 'close');
  if (rangeHeader === null) {
    response.writeHead(404).end();
    return;
  }
  const { size } = object.head;
  const asked = parseRange(rangeHeader, size);
  if (asked === 'unsatisfiable' || size === 0) {
    response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
    return;
  }
  const start = asked?.start ?? 0;
  const end = Math.min(asked?.end ?? size - 1, start + RANGE_WINDOW_BYTES - 1);
  const stored = await storage.read(object.key, { start, end });
  if (!stored) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(206, {
    'content-length': stored.range.end - stored.range.start + 1,
    'content-range': `bytes ${stored.range.start}-${stored.range.end}/${stored.size}`,
  });
  await pipeline(stored.body, response);
}
