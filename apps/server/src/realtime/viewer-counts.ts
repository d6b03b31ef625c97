import type { PubSub, ViewerPresence } from './pubsub.ts';

export interface ViewerCountsOptions {
  pubsub: PubSub;
  presence: ViewerPresence;
  /** At most one broadcast per topic in this time. */
  throttleMs: number;
  /** How often this process re-reports its topics (well within the presence's expiry). */
  refreshMs: number;
  /** The message announcing a topic's total. */
  message: (topic: string, count: number) => string;
  onError: (error: unknown) => void;
}

export interface ViewerCounts {
  /** This process now has `localCount` viewers of the topic. */
  changed(topic: string, localCount: number): void;
  /** Withdraws this process's viewers everywhere. */
  close(): Promise<void>;
}

interface TopicState {
  local: number;
  /** The total this process last announced. */
  announced: number | undefined;
  lastFlushAt: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Live viewer counts: each process reports its viewers of a topic to the presence adapter and
 * announces the total on the topic itself, throttled, whenever it changed. A periodic refresh
 * keeps the process's reports alive and notices processes that went away.
 */
export function createViewerCounts(options: ViewerCountsOptions): ViewerCounts {
  const { pubsub, presence, throttleMs, refreshMs, message, onError } = options;
  const topics = new Map<string, TopicState>();
  let closed = false;
  /** No viewers here and no flush pending (read after an await: changed() may have run). */
  const idle = (state: TopicState) => state.local === 0 && state.timer === undefined;

  async function flush(topic: string, state: TopicState): Promise<void> {
    state.timer = undefined;
    state.lastFlushAt = Date.now();
    const local = state.local;
    const total = await presence.report(topic, local);
    if (local === 0 && idle(state)) topics.delete(topic);
    if (total === state.announced) return;
    state.announced = total;
    await pubsub.publish(topic, message(topic, total));
  }

  const run = (topic: string, state: TopicState) => {
    flush(topic, state).catch(onError);
  };

  const refresh = setInterval(() => {
    for (const [topic, state] of topics) if (state.timer === undefined) run(topic, state);
  }, refreshMs);
  refresh.unref();

  return {
    changed(topic, localCount) {
      if (closed) return;
      let state = topics.get(topic);
      if (!state) {
        state = { local: 0, announced: undefined, lastFlushAt: 0, timer: undefined };
        topics.set(topic, state);
      }
      state.local = localCount;
      if (state.timer !== undefined) return;
      const wait = Math.max(0, state.lastFlushAt + throttleMs - Date.now());
      const scheduled = state;
      state.timer = setTimeout(() => {
        run(topic, scheduled);
      }, wait);
    },
    async close() {
      closed = true;
      clearInterval(refresh);
      const withdrawals = [...topics].map(([topic, state]) => {
        clearTimeout(state.timer);
        return presence.report(topic, 0);
      });
      topics.clear();
      await Promise.allSettled(withdrawals);
    },
  };
}
