/** Shaka's error category and codes that recovery tells apart (shaka.util.Error). */
const NETWORK = 1;
const BAD_HTTP_STATUS = 1001;
const HTTP_ERROR = 1002;
const TIMEOUT = 1003;

/** A refresh answers one expiry; a second 403 this soon means the refresh did not help. */
export const REFRESH_AGAIN_AFTER_MS = 60_000;

export interface PlaybackFailure {
  category: number;
  code: number;
  /** For BAD_HTTP_STATUS: [uri, status, …]. */
  data: readonly unknown[];
}

export interface RecoveryState {
  /** A refresh or a switch to the backup is under way. */
  recovering: boolean;
  lastRefreshMs: number | null;
  onBackup: boolean;
  nowMs: number;
}

export type Recovery = 'refresh' | 'backup' | 'fail' | 'ignore';

/**
 * What to do when Shaka gives up on a request (decision 007): a 403 means the signed URLs
 * expired (or were refused), so fresh ones are bought with the refresh token; an unreachable
 * or failing main origin (no answer, a timeout, a 5xx) switches to the backup origin once.
 * Anything else is shown as a load failure. Failures that arrive while a recovery is under way
 * are ignored: they come from the load being replaced (one expiry fails the video and the audio
 * requests alike), and the new load reports its own.
 */
export function recoveryFor(failure: PlaybackFailure, state: RecoveryState): Recovery {
  if (state.recovering) return 'ignore';
  if (failure.category !== NETWORK) return 'fail';
  const status = failure.code === BAD_HTTP_STATUS ? failure.data[1] : null;
  if (status === 403) {
    const recent =
      state.lastRefreshMs !== null && state.nowMs - state.lastRefreshMs < REFRESH_AGAIN_AFTER_MS;
    return recent ? 'fail' : 'refresh';
  }
  const unreachable =
    failure.code === HTTP_ERROR ||
    failure.code === TIMEOUT ||
    (typeof status === 'number' && status >= 500);
  return unreachable && !state.onBackup ? 'backup' : 'fail';
}
