/** What the heartbeat needs of a connection: ping it, or cut it if it missed the last ping. */
export interface Beating {
  heartbeat(): void;
}

/** Slices of the period: a room of 2000 pings about 200 connections a tick, not 2000 at once. */
const SLICES = 10;

/**
 * Pings every connection once per `periodMs`, a slice of them at a time. A popular room's
 * pings, all in one tick, cost as much as a danmaku flush to every member and would stall the
 * room's deliveries for that long; spread over the period they cost a tenth of it each tick.
 */
export function createHeartbeat<T extends Beating>(periodMs: number) {
  const slices = Array.from({ length: SLICES }, () => new Set<T>());
  const sliceOf = new Map<T, Set<T>>();
  let nextSlice = 0;
  let tick = 0;

  const timer = setInterval(() => {
    const slice = slices[tick];
    tick = (tick + 1) % SLICES;
    if (slice) for (const connection of slice) connection.heartbeat();
  }, periodMs / SLICES);
  timer.unref();

  return {
    add(connection: T): void {
      const slice = slices[nextSlice];
      nextSlice = (nextSlice + 1) % SLICES;
      if (!slice) return;
      slice.add(connection);
      sliceOf.set(connection, slice);
    },
    remove(connection: T): void {
      sliceOf.get(connection)?.delete(connection);
      sliceOf.delete(connection);
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}
