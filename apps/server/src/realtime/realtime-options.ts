import type { PubSub } from './pubsub.ts';

/** The gateway's limits and timings; main uses the defaults, tests shorten the timings. */
export interface RealtimeOptions {
  /** Redis in scale mode; in-process pub/sub without it. */
  redisUrl: string | undefined;
  /**
   * An adapter made by the caller, who also closes it (tests reach the bus through it);
   * otherwise the plugin makes one from redisUrl.
   */
  pubsub: PubSub | undefined;
  /** Key and channel prefix in Redis. */
  redisPrefix: string;
  /** The server pings this often; a client that missed the previous ping is cut. */
  heartbeatMs: number;
  /** Bytes queued for one client before it is dropped as too slow (close 1013). */
  maxBufferedBytes: number;
  /** Largest client frame; a larger one closes the connection (1009). */
  maxMessageBytes: number;
  maxTopicsPerSocket: number;
  /**
   * Each socket's message allowance, a token bucket: up to `messageBurst` tokens at once,
   * `messagesPerSecond` back each second. A sub costs SUB_COST tokens, anything else one.
   */
  messageBurst: number;
  messagesPerSecond: number;
  /** A socket refused this many times for its rate is closed (1008). */
  maxRateRefusals: number;
  /** Open WebSockets per client address (an IPv6 /64 counts as one), in this process. */
  maxSocketsPerIp: number;
  /** Open event streams (upload progress) per client address, in this process. */
  maxStreamsPerIp: number;
  /** How often the sessions behind open sockets and streams are checked for having ended. */
  sessionCheckMs: number;
  /** A busy room sends what arrived at most this often, one write per member (0: every tick). */
  roomFlushMs: number;
  /** At most one viewer-count broadcast per topic in this time. */
  viewersThrottleMs: number;
  /**
   * A process's viewers drop out of every count this long after its last heartbeat (one every
   * fifth of it); each process re-reads its topics' totals every third of it.
   */
  presenceTtlMs: number;
}

export const REALTIME_DEFAULTS: RealtimeOptions = {
  redisUrl: undefined,
  pubsub: undefined,
  redisPrefix: 'melon:',
  heartbeatMs: 30_000,
  // A 100-a-second burst of danmaku frames is about 40 KB; a client 25 s behind is gone anyway.
  maxBufferedBytes: 1024 * 1024,
  maxMessageBytes: 1024,
  maxTopicsPerSocket: 8,
  // The web client subscribes once per socket and pings every 25 s; 8 subs fit in one burst.
  messageBurst: 40,
  messagesPerSecond: 2,
  maxRateRefusals: 3,
  maxSocketsPerIp: 64,
  maxStreamsPerIp: 16,
  sessionCheckMs: 5000,
  // Up to 20 ms more latency under load, for a fraction of the writes at 100 danmaku a second.
  roomFlushMs: 20,
  viewersThrottleMs: 2000,
  // A web process killed -9: its viewers leave the counts within 10 s, announced within 13 s.
  presenceTtlMs: 10_000,
};
