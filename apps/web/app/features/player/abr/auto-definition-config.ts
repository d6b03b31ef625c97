/**
 * SPEC §9 auto-definition constants. Buffer levels are fractions of the buffering goal; the two
 * penalties are counted in decision intervals. `method` is a bit set of the rules in use
 * (METHOD), 31 being all five. Every value can be overridden by player settings.
 */
export interface AutoDefinitionConfig {
  /** Milliseconds between two decisions. */
  intervalMs: number;
  /** Below this buffer level the player drops at once, whatever the last switch. */
  hurry: number;
  /** Below this level it steps down to what the measured bandwidth carries. */
  low: number;
  /** Above this level it may step up one rung. */
  high: number;
  /** An up-switch needs this many milliseconds without a stall. */
  noStallCheckMs: number;
  method: number;
  /** Intervals during which the rendition that stalled, and those above it, are not chosen. */
  stallPenalty: number;
  /** Intervals after a switch before the next calm (non-hurry) switch. */
  switchPenalty: number;
}

/** The rules `method` switches on, one bit each. */
export const METHOD = {
  hurry: 1,
  low: 2,
  high: 4,
  stallPenalty: 8,
  switchPenalty: 16,
} as const;

export const AUTO_DEFINITION_DEFAULTS: AutoDefinitionConfig = {
  intervalMs: 1000,
  hurry: 0.25,
  low: 0.4,
  high: 0.7,
  noStallCheckMs: 5000,
  method: 31,
  stallPenalty: 11,
  switchPenalty: 4,
};

/**
 * A rendition fits the network when its bitrate is at most this share of the estimated
 * bandwidth: the rest is headroom for audio, requests and the estimate's error.
 */
export const BANDWIDTH_SAFETY = 0.8;

/** The defaults with the valid numbers of an override (e.g. from settings or an experiment). */
export function resolveAutoDefinitionConfig(override: unknown): AutoDefinitionConfig {
  const config = { ...AUTO_DEFINITION_DEFAULTS };
  if (typeof override !== 'object' || override === null) return config;
  for (const key of Object.keys(AUTO_DEFINITION_DEFAULTS) as (keyof AutoDefinitionConfig)[]) {
    const value: unknown = (override as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) config[key] = value;
  }
  return config;
}
