import type { FastifyRequest } from 'fastify';
import { DomainError, invalid, tooLarge } from '../lib/domain-error.ts';

/** What the user is told when the file part cannot be had, in the module's words. */
export interface FilePartMessages {
  notMultipart: string;
  missing: string;
  unreadable: string;
  tooLarge: string;
}

/**
 * A failure while reading the form, in the user's words: past the size limit a 413; the
 * multipart plugin's own limits keep their status; the parser's failures (no or an empty
 * boundary, a body cut short, garbage) carry no status and are the sender's: a 400.
 */
function readFailure(error: unknown, field: string, messages: FilePartMessages): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(messages.tooLarge);
  if (statusCode !== undefined) return error;
  return invalid(messages.unreadable, field);
}

/**
 * Reads the file part named `field` of a multipart request (@fastify/multipart registered with
 * a fileSize limit); past the limit the rest is not kept and the caller gets a 413.
 */
export async function readFilePart(
  request: FastifyRequest,
  field: string,
  messages: FilePartMessages,
): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid(messages.notMultipart, field);
  try {
    const file = await request.file();
    if (file?.fieldname !== field) throw invalid(messages.missing, field);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw readFailure(error, field, messages);
  }
}
