import { TopicHandlers, type PubSub, type ViewerPresence } from './pubsub.ts';

/** One process: a publish reaches this process's subscribers, synchronously. */
export function createMemoryPubSub(onError: (error: unknown) => void): PubSub {
  const handlers = new TopicHandlers();
  return {
    publish(topic, message) {
      handlers.deliver(topic, message, onError);
      return Promise.resolve();
    },
    subscribe(topic, handler) {
      handlers.add(topic, handler);
      return Promise.resolve(() => {
        handlers.remove(topic, handler);
      });
    },
    close() {
      handlers.clear();
      return Promise.resolve();
    },
  };
}

/** One process: its own count is the total. */
export function createMemoryPresence(): ViewerPresence {
  return {
    report: (_topic, localCount) => Promise.resolve(localCount),
    close: () => Promise.resolve(),
  };
}
