/** A periodic task that can be stopped; `stop` waits for a run in progress. */
export interface SweepTimer {
  stop(): Promise<void>;
}

export interface SweepTimerOptions {
  /** One sweep; its failure is reported and the next one runs on time. */
  sweep: () => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}

/**
 * Sweeps at once and then every interval after the previous sweep ended, so two sweeps of one
 * process never overlap however slow the database is.
 */
export function startSweepTimer(options: SweepTimerOptions): SweepTimer {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const runOnce = () => {
    running = options.sweep().then(
      () => undefined,
      (error: unknown) => {
        options.onError(error);
      },
    );
    void running.then(() => {
      if (!stopped) timer = setTimeout(runOnce, options.intervalMs);
    });
  };
  runOnce();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
