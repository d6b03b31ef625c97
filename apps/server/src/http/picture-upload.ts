import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFilePart, type FilePartMessages } from './multipart-file.ts';

/** One kind of picture upload: the form field of its one file, the file's limit, its words. */
export interface PictureUpload {
  field: string;
  /** The largest file taken, in bytes: past it a 413, and the rest is not kept. */
  maxBytes: number;
  messages: FilePartMessages;
}

/** Beside its one file, an upload form may hold a few short text fields and nothing more. */
const FORM_LIMITS = { files: 1, fields: 10, fieldSize: 1024, parts: 12 };

/**
 * Lets the routes of `app` (its plugin context) take `upload` as multipart; answers the reader
 * of the picture's bytes for those routes. The bytes are not yet known to be a picture:
 * `lib/picture.ts` reads that from them.
 */
export async function registerPictureUpload(
  app: FastifyInstance,
  upload: PictureUpload,
): Promise<(request: FastifyRequest) => Promise<Buffer>> {
  await app.register(multipart, { limits: { ...FORM_LIMITS, fileSize: upload.maxBytes } });
  return (request) => readFilePart(request, upload.field, upload.messages);
}
