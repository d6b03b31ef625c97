import type { IncomingMessage } from 'node:http';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_ENDPOINT } from '@melon/shared/contracts/publish';
import { isMixId } from '@melon/shared/ids/id-rules';
import { loginRequired } from '../../http/api-error.ts';
import { invalid, notFound, tooLarge } from '../../lib/domain-error.ts';
import { formatWait } from '../../lib/format-wait.ts';
import { byUserOrIp, limitOrRetryLater } from '../../plugins/app/rate-limits.ts';
import { requireUser } from '../../http/session-user.ts';
import {
  checkUploadMetadata,
  parseUploadMetadata,
  storedMetadata,
  type UploadMetadata,
} from './upload-metadata.ts';
import { uploadMessages as t } from './upload.messages.ts';
import type { StorageGuard } from './storage-guard.ts';
import type { UploadStore } from './upload-store.ts';

/** New uploads per user: far above a creator's pace, a stop for scripts filling the disk. */
export const UPLOAD_CREATE_LIMIT = { max: 60, windowMs: 3600_000 };

/** What the Fastify side decided about a request, read by the tus hooks. */
interface Admitted {
  ownerId: string;
  metadata?: UploadMetadata;
  uploadId?: string;
}

/** The Node request behind tus's web request (srvx keeps it in runtime.node). */
type TusRequest = Parameters<
  NonNullable<ConstructorParameters<typeof TusServer>[0]['onUploadCreate']>
>[0];
const nodeRequestOf = (request: TusRequest): IncomingMessage | undefined =>
  (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** tus's own refusals (plain English text) in the API's envelope and the user's words. */
function envelopeFor(status: number, body: string): { status_code: number; body: string } {
  let message: string;
  if (status === 409) message = t.offsetConflict;
  else if (status === 410 || status === 404) message = status === 410 ? t.expired : t.notFound;
  else if (status === 413) message = t.beyondLength;
  else if (status === 400 && body.startsWith('Cannot terminate')) message = t.finishedCannotDelete;
  else if (status >= 500) message = t.failed;
  else message = body.trim() || t.failed;
  return { status_code: status, body: JSON.stringify({ code: status, message, data: null }) };
}

export interface TusRoutesOptions {
  store: UploadStore;
  maxBytes: number;
  /** The user's quota and the disk's floor, checked before any byte is stored. */
  guard: StorageGuard;
}

/**
 * The tus 1.0.0 endpoint (creation, termination, expiration) under UPLOAD_ENDPOINT. Fastify
 * decides everything about the caller first: signed in (401), anti-forgery header on
 * POST/PATCH/DELETE (403, checked globally before any byte is read), well-formed creation
 * headers (400 naming the field, 413 over the size limit), the user's storage quota (413) and the
 * disk's free space (503 under the floor, also before each PATCH), and that an upload is the
 * caller's own (404 otherwise, so ids of others' uploads tell nothing). Only then does @tus/server get
 * the raw request and stream the body to disk.
 */
export default function tusRoutes(app: FastifyInstance, options: TusRoutesOptions): void {
  const { store, maxBytes, guard } = options;
  const admitted = new WeakMap<IncomingMessage, Admitted>();
  const admittedOf = (request: TusRequest): Admitted => {
    const node = nodeRequestOf(request);
    const entry = node && admitted.get(node);
    if (!entry) {
      throw Object.assign(new Error('request was not admitted'), { status_code: 500, body: '' });
    }
    return entry;
  };

  const tus = new TusServer({
    path: UPLOAD_ENDPOINT.replace(/\/$/, ''),
    datastore: store.tus,
    maxSize: maxBytes,
    // Same-origin only: no Access-Control-Allow-Origin on any answer.
    allowedOrigins: [],
    // tus names an upload with the store's prefix; its URL carries the id alone (relative).
    namingFunction: () => `${store.idPrefix}${app.newId()}`,
    generateUrl: (_request, { path, id }) => `${path}/${id.slice(store.idPrefix.length)}`,
    getFileIdFromRequest: (request) => {
      const node = nodeRequestOf(request);
      const uploadId = node ? admitted.get(node)?.uploadId : undefined;
      return uploadId === undefined ? undefined : `${store.idPrefix}${uploadId}`;
    },
    onUploadCreate: (request) => {
      const entry = admittedOf(request);
      return Promise.resolve({ metadata: storedMetadata(entry.metadata ?? {}, entry.ownerId) });
    },
    onResponseError: (_request, error) => {
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      return envelopeFor(status, body);
    },
  });

  /** The raw stream reaches tus untouched: no parser reads the bytes of a PATCH. */
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
    done(null);
  });

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'upload failed');
      request.raw.destroy();
    }
  };

  const signedIn = (request: FastifyRequest, _reply: FastifyReply, done: (e?: Error) => void) => {
    done(request.user ? undefined : loginRequired());
  };

  const limitCreation = limitOrRetryLater(
    app,
    'upload.create',
    UPLOAD_CREATE_LIMIT,
    (wait) => t.tooFrequent(formatWait(wait)),
    byUserOrIp,
  );

  app.post(
    UPLOAD_ENDPOINT,
    {
      schema: { hide: true },
      // Signed in before counted: a visitor's attempts use up nobody's allowance.
      onRequest: [signedIn, limitCreation],
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { metadata, length } = readCreation(request, maxBytes);
      await guard.admitUpload(user.id, length);
      admitted.set(request.raw, { ownerId: user.id, metadata });
      await handOver(request, reply);
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${UPLOAD_ENDPOINT}:id`,
    schema: { hide: true },
    onRequest: async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (!isMixId(id) || !(await store.findOwned(id, user.id))) {
        throw notFound(t.notFound);
      }
      if (request.method === 'PATCH') await guard.admitChunk();
      admitted.set(request.raw, { ownerId: user.id, uploadId: id });
    },
    handler: async (request, reply) => {
      await handOver(request, reply);
    },
  });
}

/** The creation headers checked in the API's terms; answers the metadata to keep and the length. */
function readCreation(
  request: FastifyRequest,
  maxBytes: number,
): { metadata: UploadMetadata; length: number } {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const length = header('upload-length');
  if (length === undefined || !/^\d{1,16}$/.test(length)) {
    throw invalid(t.lengthRequired, 'Upload-Length');
  }
  if (Number(length) > maxBytes) throw tooLarge(t.tooLarge(maxBytes));
  const metadata = parseUploadMetadata(header('upload-metadata') ?? '');
  if (!metadata) throw invalid(t.metadataMalformed, 'Upload-Metadata');
  const problem = checkUploadMetadata(metadata);
  if (problem) {
    const messages = {
      filename: t.filename,
      filetype: t.filetype,
      owner_id: t.ownerId,
    } as Record<string, { missing: string; invalid: string }>;
    throw invalid(messages[problem.field]?.[problem.reason] ?? t.metadataMalformed, problem.field);
  }
  return { metadata, length: Number(length) };
}
