import type { FastifyInstance } from 'fastify';
import { getUploadProgress, streamUploadProgress } from '@melon/shared/calls/upload.calls';
import { tooFrequent } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { uploadProgressMessages as messages } from './upload-progress.messages.ts';
import { presentProgress, sameProgress } from './upload-progress.presenter.ts';
import { createUploadProgressService } from './upload-progress.service.ts';

export interface UploadProgressRoutesOptions {
  /** How often a stream looks at the job's row (the worker may be another process). */
  pollMs?: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs?: number;
}

/** A client refused for too many open streams is told to wait this long. */
const STREAMS_RETRY_SECONDS = 10;

/**
 * The author's processing progress of an uploaded video, once (JSON envelope) or live
 * (Server-Sent Events). Both answer 401, 403 and 404 in the envelope before any event is sent;
 * a stream also 429 past its client address's open streams, and it ends with its session.
 */
export default function uploadProgressRoutes(
  app: FastifyInstance,
  options: UploadProgressRoutesOptions,
): void {
  const pollMs = options.pollMs ?? 500;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const uploads = createUploadProgressService({ db: app.db });
  const progressOf = async (userId: string, itemId: string) =>
    presentProgress(await uploads.read(userId, itemId));
  const openStreams = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const close of openStreams) close();
    done();
  });

  route(app, getUploadProgress, ({ item_id }, { user }) => progressOf(user.id, item_id));

  route(app, streamUploadProgress, async ({ item_id: itemId }, { request, reply, user }) => {
    let last = await progressOf(user.id, itemId);
    const { places, sessions, maxPerIp } = app.liveStreams;
    const release = places.take(request.ip);
    if (!release) throw tooFrequent(messages.tooManyStreams(maxPerIp), STREAMS_RETRY_SECONDS);

    try {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (line: string) => raw.write(line);
      send(`retry: 2000\ndata: ${JSON.stringify(last)}\n\n`);

      // Resolves true after a poll interval, false once the client or the server goes away.
      let stop: (() => void) | undefined;
      let closed = false;
      const close = () => {
        closed = true;
        stop?.();
      };
      const pause = () =>
        new Promise<boolean>((resolve) => {
          if (closed) {
            resolve(false);
            return;
          }
          const timer = setTimeout(() => {
            resolve(true);
          }, pollMs);
          stop = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
      openStreams.add(close);
      const unwatch = sessions.watch(request.sessionIdHash, close);
      request.raw.on('close', close);
      let quietSince = Date.now();
      while (last.state === 'processing' && (await pause())) {
        const next = await progressOf(user.id, itemId).catch(() => undefined);
        if (!next) break;
        if (!sameProgress(next, last)) {
          last = next;
          quietSince = Date.now();
          send(`data: ${JSON.stringify(next)}\n\n`);
        } else if (Date.now() - quietSince >= heartbeatMs) {
          quietSince = Date.now();
          send(': keep-alive\n\n');
        }
      }
      openStreams.delete(close);
      unwatch();
      raw.end();
    } finally {
      release();
    }
    return reply;
  });
}
