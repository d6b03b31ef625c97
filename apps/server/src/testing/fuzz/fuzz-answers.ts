import type { LightMyRequestResponse } from 'fastify';
import type { AnswerKind } from './route-table.ts';

/** The SPEC §8 envelope's fields; nothing else may be in it. */
const ENVELOPE_FIELDS = new Set(['code', 'message', 'data', 'errno', 'success', 'field']);
const CHINESE = /[\u3400-\u9fff]/u;

export type AnswerProblem = '5xx' | 'not-envelope' | 'not-chinese' | 'wrong-kind';

export interface Answer {
  /** The request was refused: an HTTP error or an envelope whose code is not 200. */
  refused: boolean;
  problems: { kind: AnswerProblem; detail: string }[];
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

function envelopeOf(response: LightMyRequestResponse): Envelope | string {
  const type = response.headers['content-type'] ?? '';
  if (!type.startsWith('application/json')) return `content-type ${type || '(none)'}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `body is not JSON: ${response.body.slice(0, 80)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'body is not an object';
  const extra = Object.keys(body).filter((key) => !ENVELOPE_FIELDS.has(key));
  if (extra.length > 0) return `fields beyond the envelope: ${extra.join(', ')}`;
  const { code, message } = body as Record<string, unknown>;
  if (!Number.isInteger(code)) return 'code is not an integer';
  if (typeof message !== 'string') return 'message is not a string';
  if (!('data' in body)) return 'no data field';
  return body as Envelope;
}

/** A refusal's data: null, or on 429 how long to wait. */
const refusalDataIsRight = (status: number, data: unknown): boolean =>
  data === null ||
  (status === 429 &&
    typeof data === 'object' &&
    Number.isInteger((data as { retry_after?: unknown }).retry_after));

/**
 * The properties of one answer: never a 5xx; a refusal is always the SPEC §8 envelope with a
 * Chinese message and null data (the wait on a 429); a success is the envelope on an envelope
 * route and its own kind (a file, a page, an event stream, a redirect) on the others. A route of
 * a third party's protocol ('foreign') answers as that protocol says.
 */
export function judgeAnswer(
  method: string,
  kind: AnswerKind,
  response: LightMyRequestResponse,
): Answer {
  const status = response.statusCode;
  const problems: Answer['problems'] = [];
  if (status >= 500)
    problems.push({ kind: '5xx', detail: `${status} ${response.body.slice(0, 200)}` });
  // A third party's protocol sets its answers: only the 5xx and the no-change rules hold.
  if (method === 'HEAD' || kind === 'foreign') return { refused: status >= 400, problems };
  const redirect = status >= 300 && status < 400;
  if (redirect) {
    if (!response.headers.location)
      problems.push({ kind: 'wrong-kind', detail: `${status} without location` });
    return { refused: false, problems };
  }
  const mustBeEnvelope = status >= 400 || kind === 'envelope';
  if (!mustBeEnvelope) {
    const type = response.headers['content-type'] ?? '';
    if (kind === 'event-stream' && !type.startsWith('text/event-stream')) {
      problems.push({ kind: 'wrong-kind', detail: `event stream answered ${type}` });
    }
    return { refused: false, problems };
  }
  const envelope = envelopeOf(response);
  if (typeof envelope === 'string') {
    problems.push({ kind: 'not-envelope', detail: `${status}: ${envelope}` });
    return { refused: status >= 400, problems };
  }
  const refused = status >= 400 || envelope.code !== 200;
  if (refused) {
    if (!CHINESE.test(envelope.message)) {
      problems.push({
        kind: 'not-chinese',
        detail: `${status} ${envelope.code}: ${envelope.message}`,
      });
    }
    if (!refusalDataIsRight(status, envelope.data)) {
      problems.push({
        kind: 'not-envelope',
        detail: `${status}: refusal data ${JSON.stringify(envelope.data).slice(0, 80)}`,
      });
    }
    if (status >= 400 && envelope.code === 200) {
      problems.push({ kind: 'not-envelope', detail: `${status} with code 200` });
    }
  } else if (status !== 200) {
    problems.push({ kind: 'not-envelope', detail: `success with HTTP ${status}` });
  }
  return { refused, problems };
}
