import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createGzip } from 'node:zlib';

/** What React Router answers with: documents, `.data` requests and the route manifest. */
const COMPRESSIBLE = /^(text\/|application\/json)/;

/**
 * Joins the chunks written in one turn of the event loop. React writes a render pass as dozens of
 * small chunks (a 61 KB page is some thirty); compressed and flushed one by one, each is a trip
 * through libuv's thread pool, four threads shared with every file the process reads (media
 * segments), so under load a document waited in that queue thirty times (decision 054). Joined,
 * a pass is one trip, and what a later pass writes (a Suspense boundary) still streams.
 */
function perPass(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const joined = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          // The end may have come first and taken the pending chunks.
          if (pending.length === 0) return;
          joined.push(Buffer.concat(pending));
          pending = [];
        });
      }
      done();
    },
    flush(done) {
      if (pending.length > 0) joined.push(Buffer.concat(pending));
      pending = [];
      done();
    },
  });
  return joined;
}

/**
 * The rendered answer, gzip-compressed when the browser accepts it (decision 018): the home
 * page's 61 KB of HTML become about 12 KB, a difference of several round trips on a phone's
 * connection before the first paint. Each chunk React writes is flushed as it comes, so the
 * document still streams (and the video page's early start still runs early, decision 015).
 */
export function compressDocument(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !COMPRESSIBLE.test(type) || response.headers.has('content-encoding')) {
    return response;
  }
  if (!/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) return response;
  const gzip = createGzip({ flush: constants.Z_SYNC_FLUSH });
  const body = Readable.toWeb(
    Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
      .pipe(perPass())
      .pipe(gzip),
  ) as ReadableStream<Uint8Array>;
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.append('vary', 'accept-encoding');
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
