/** Below this a timestamp has at most 10 digits and is in seconds (until the year 2286). */
const SECONDS_LIMIT = 10_000_000_000;

/**
 * SPEC §9: a timestamp of 10 digits or fewer is in seconds, a longer one (13 digits) in
 * milliseconds. Non-positive and non-finite input gives 0.
 */
export function toMilliseconds(t: number): number {
  if (!Number.isFinite(t) || t <= 0) return 0;
  return t < SECONDS_LIMIT ? Math.round(t * 1000) : Math.round(t);
}

/** Whole seconds since the epoch: the 10-digit form the spec's fields carry. */
export function toSeconds(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
}
