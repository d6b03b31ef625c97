/** The wait after a job's first failed attempt, unless the queue sets its own. */
export const DEFAULT_BACKOFF_BASE_MS = 5000;

/** Longest wait between two attempts of a job. */
export const MAX_BACKOFF_MS = 10 * 60_000;

/**
 * Milliseconds to wait after the given failed attempt (1-based): base, 2 × base, 4 × base, …,
 * capped at MAX_BACKOFF_MS. No jitter: one site's few workers do not stampede.
 */
export function backoffDelay(attempt: number, baseMs: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.min(exponent, 30));
}
