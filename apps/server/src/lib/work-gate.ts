export interface WorkGateState {
  /** Tasks running now: never more than the limit. */
  running: number;
  /** Tasks waiting for a turn, first come first served: never more than the queue. */
  waiting: number;
}

export interface WorkGate {
  /**
   * Runs the task when one of the limit's places is free, waiting for one in the queue; with
   * the queue full it is refused at once with the gate's busy error.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
  state(): WorkGateState;
}

/** A counting semaphore with a bounded queue, for heavy work done inside a request. */
export function createWorkGate(options: {
  limit: number;
  queue: number;
  busy: () => Error;
}): WorkGate {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function enter(): Promise<void> {
    if (running < options.limit) {
      running += 1;
      return;
    }
    if (waiting.length >= options.queue) throw options.busy();
    // The task leaving hands its place over: `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function leave(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run(task) {
      await enter();
      try {
        return await task();
      } finally {
        leave();
      }
    },
    state: () => ({ running, waiting: waiting.length }),
  };
}
