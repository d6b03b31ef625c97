import type { IpSlots } from './ip-slots.ts';
import type { SessionWatch } from './session-watch.ts';

/**
 * What a long-lived HTTP response (an event stream) takes before it starts: a place among its
 * client address's open streams, and an end when the session that opened it is gone.
 */
export interface LiveStreams {
  /** The most open streams of one client address. */
  readonly maxPerIp: number;
  places: IpSlots;
  sessions: SessionWatch;
}
