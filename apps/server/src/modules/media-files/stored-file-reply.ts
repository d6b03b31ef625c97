import type { FastifyReply } from 'fastify';
import { notFound } from '../../lib/domain-error.ts';
import { isStorageKey, type ByteRange, type MediaStorage } from '../../storage/media-storage.ts';
import { mediaMessages } from './media.messages.ts';

/**
 * The one byte range a `Range: bytes=…` header asks of an object of `size` bytes: `a-b`, `a-`
 * or the last `-n` bytes. Undefined: no usable header, the whole object is sent; 'unsatisfiable'
 * when it starts past the end (416). Several ranges at once are answered whole, as HTTP allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Math.min(Number(last), size);
    return suffix === 0 ? 'unsatisfiable' : { start: size - suffix, end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? undefined : { start, end };
}

/**
 * Streams a stored object through the web process (decision 041), honouring one byte range:
 * 200 with the whole object or 206 with Content-Range; 416 for a range past its end; 304 when
 * the request names the object's current ETag. The caller has checked who may read it and set
 * its content type and caching.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  headers: { range?: string | undefined; 'if-none-match'?: string | undefined },
): Promise<FastifyReply> {
  const head = isStorageKey(key) ? await storage.head(key) : null;
  if (!head) throw notFound(mediaMessages.fileNotFound);
  if (head.etag) {
    reply.header('etag', head.etag);
    const known = headers['if-none-match']?.split(',').map((tag) => tag.trim());
    if (known?.includes(head.etag)) return reply.code(304).send();
  }
  const range = parseRange(headers.range, head.size);
  reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${head.size}`).send();
  }
  const stored = await storage.read(key, range);
  if (!stored) throw notFound(mediaMessages.fileNotFound);
  reply.header('content-length', stored.range.end - stored.range.start + 1);
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${stored.range.start}-${stored.range.end}/${stored.size}`);
  }
  return reply.send(stored.body);
}
