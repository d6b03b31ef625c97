import type { ClientMessage, ServerMessage } from '@melon/shared/contracts/realtime';
import { realtimeMessages } from './realtime.messages.ts';

/** Why a client message was refused: the code and message of its error frame. */
export interface ProtocolError {
  code: number;
  message: string;
}

/** Reads a client frame: `{op:"sub"|"unsub", topic}` or `{op:"ping"}`. */
export function parseClientMessage(raw: string): ClientMessage | ProtocolError {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { code: 400, message: realtimeMessages.notJson };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { code: 400, message: realtimeMessages.notJson };
  }
  const { op, topic } = value as { op?: unknown; topic?: unknown };
  if (op === 'ping') return { op };
  if (op === 'sub' || op === 'unsub') {
    if (typeof topic !== 'string') return { code: 400, message: realtimeMessages.badTopic };
    return { op, topic };
  }
  return { code: 400, message: realtimeMessages.unknownOp };
}

export const isProtocolError = (value: ClientMessage | ProtocolError): value is ProtocolError =>
  'code' in value;

/** A server frame as the text sent on the wire. */
export const frame = (message: ServerMessage): string => JSON.stringify(message);
