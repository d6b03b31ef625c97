/**
 * Passes whole-percent progress on to `write` at most once per `intervalMs`, keeping the latest
 * value for a trailing write, and never the same value twice in a row.
 */
export function throttleProgress(
  write: (percent: number) => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): { report: (percent: number) => void; cancel: () => void } {
  let written = -1;
  let latest = -1;
  let lastWriteAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    if (latest === written) return;
    written = latest;
    lastWriteAt = Date.now();
    write(latest).catch(onError);
  };

  return {
    report: (percent) => {
      latest = Math.max(0, Math.min(100, Math.round(percent)));
      if (latest === written || timer) return;
      const wait = lastWriteAt + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
