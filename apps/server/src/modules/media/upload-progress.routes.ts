import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import {
  UPLOAD_PROGRESS_PATH,
  UPLOAD_PROGRESS_STREAM_PATH,
  UploadProgress,
} from '@melon/shared/contracts/upload-progress';
import { MixIdString } from '@melon/shared/contracts/video';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { requireUser } from '../../plugins/app/session.ts';
import { readUploadProgress, sameProgress } from './upload-progress.service.ts';

export interface UploadProgressRoutesOptions {
  /** How often a stream looks at the job's row (the worker may be another process). */
  pollMs?: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs?: number;
}

const Query = Type.Object({
  item_id: MixIdString,
  aid: Type.Optional(Type.String()),
});

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/**
 * The author's processing progress of an uploaded video, once (JSON envelope) or live
 * (Server-Sent Events). Both answer 401, 403 and 404 in the envelope before any event is sent.
 */
export default function uploadProgressRoutes(
  fastify: FastifyInstance,
  options: UploadProgressRoutesOptions,
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const pollMs = options.pollMs ?? 500;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const openStreams = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const close of openStreams) close();
    done();
  });

  app.get(
    UPLOAD_PROGRESS_PATH,
    {
      schema: {
        tags: ['upload'],
        summary: '作者查看上传视频的处理进度',
        querystring: Query,
        response: { 200: envelopeOf(UploadProgress), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await readUploadProgress(app.db, user.id, request.query.item_id));
    },
  );

  app.get(
    UPLOAD_PROGRESS_STREAM_PATH,
    {
      schema: {
        tags: ['upload'],
        summary: '处理进度的实时推送（Server-Sent Events，每次变化一条 {state, progress}）',
        querystring: Query,
        response: errors,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const itemId = request.query.item_id;
      let last = await readUploadProgress(app.db, user.id, itemId);

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
      request.raw.on('close', close);
      let quietSince = Date.now();
      while (last.state === 'processing' && (await pause())) {
        const next = await readUploadProgress(app.db, user.id, itemId).catch(() => undefined);
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
      raw.end();
    },
  );
}
