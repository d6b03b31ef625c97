/** Receives every message published on a topic this process subscribed to. */
export type MessageHandler = (message: string) => void;

/** Stops one handler's subscription; the last one leaving a topic unsubscribes the process. */
export type Unsubscribe = () => void;

/**
 * The pub/sub adapter (DESIGN §1): in-process for one machine, Redis in scale mode, so that the
 * viewers of one item on two processes share one room. Messages are strings, delivered to
 * every subscriber of every process, the publisher's own included.
 */
export interface PubSub {
  publish(topic: string, message: string): Promise<void>;
  /** Resolves once messages on the topic reach the handler. */
  subscribe(topic: string, handler: MessageHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/**
 * Live viewers per topic across processes: each process reports its own count, the adapter
 * answers the total of every live process (a process that stops reporting drops out).
 */
export interface ViewerPresence {
  /** Records this process's viewers of the topic; answers the total across processes. */
  report(topic: string, localCount: number): Promise<number>;
  close(): Promise<void>;
}

/** Handlers per topic, shared by the adapters; a throwing handler does not stop the others. */
export class TopicHandlers {
  readonly #byTopic = new Map<string, Set<MessageHandler>>();

  /** Adds the handler; answers true when it is the topic's first. */
  add(topic: string, handler: MessageHandler): boolean {
    const set = this.#byTopic.get(topic);
    if (set) {
      set.add(handler);
      return false;
    }
    this.#byTopic.set(topic, new Set([handler]));
    return true;
  }

  /** Removes the handler; answers true when the topic has none left. */
  remove(topic: string, handler: MessageHandler): boolean {
    const set = this.#byTopic.get(topic);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.#byTopic.delete(topic);
    return true;
  }

  has(topic: string): boolean {
    return this.#byTopic.has(topic);
  }

  deliver(topic: string, message: string, onError: (error: unknown) => void): void {
    const set = this.#byTopic.get(topic);
    if (!set) return;
    for (const handler of set) {
      try {
        handler(message);
      } catch (error) {
        onError(error);
      }
    }
  }

  clear(): void {
    this.#byTopic.clear();
  }
}
