import type { FastifyReply } from 'fastify';
import { ok } from './envelope.ts';

/**
 * A call's 200 answer (the envelope around `data`), serialised by the call's schema and encoded
 * as UTF-8 once, for an answer kept and sent many times: bytes go to the socket as they are,
 * where a string is encoded again on every send (decision 072).
 */
export function answerBytes(reply: FastifyReply, data: unknown): Buffer {
  const serialized = reply.serialize(ok(data));
  if (typeof serialized === 'string') return Buffer.from(serialized);
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
}

/** Sends kept answer bytes as the call's JSON answer. */
export function sendAnswerBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(bytes);
}
