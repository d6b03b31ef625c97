/** How far back the speed looks: long enough to smooth chunk boundaries, short enough to follow. */
export const RATE_WINDOW_MS = 3000;

interface Sample {
  atMs: number;
  bytes: number;
}

/** Upload speed over the last RATE_WINDOW_MS, from (time, bytes sent) samples. */
export interface TransferRate {
  /** Records that `bytes` were sent by `atMs`; answers bytes per second (0 until it can tell). */
  sample(atMs: number, bytes: number): number;
  /** Forget the past: after a pause or a reconnection the old pace says nothing. */
  reset(): void;
}

export function createTransferRate(windowMs = RATE_WINDOW_MS): TransferRate {
  let samples: Sample[] = [];
  return {
    sample(atMs, bytes) {
      const last = samples.at(-1);
      // A resumed upload may report fewer bytes than before (a chunk sent again): start over.
      if (last && bytes < last.bytes) samples = [];
      samples.push({ atMs, bytes });
      while (samples.length > 2 && (samples[1]?.atMs ?? atMs) <= atMs - windowMs) samples.shift();
      const first = samples[0];
      if (!first || atMs - first.atMs <= 0) return 0;
      return ((bytes - first.bytes) * 1000) / (atMs - first.atMs);
    },
    reset() {
      samples = [];
    },
  };
}

const KB = 1024;
const MB = 1024 * 1024;

/** SPEC §9: speed in KB/s, from 1024 KB/s on in MB/s. */
export function formatRate(bytesPerSecond: number): string {
  const rate = Math.max(0, bytesPerSecond);
  if (rate < MB) return `${Math.round(rate / KB)} KB/s`;
  return `${(rate / MB).toFixed(1)} MB/s`;
}

/** Seconds left at the current speed, or null when the speed says nothing yet. */
export function secondsLeft(sent: number, total: number, bytesPerSecond: number): number | null {
  if (bytesPerSecond <= 0 || total <= 0) return null;
  return Math.ceil(Math.max(0, total - sent) / bytesPerSecond);
}

/** Sizes as the page shows them: 812 KB, 3.4 MB, 4 GB (as the server words its limit). */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.max(0, Math.round(bytes / KB))} KB`;
  if (bytes < 1024 * MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Number((bytes / (1024 * MB)).toFixed(1))} GB`;
}
