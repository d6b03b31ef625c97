import { BANDWIDTH_SAFETY, METHOD, type AutoDefinitionConfig } from './auto-definition-config.ts';

/** What one auto-definition decision looks at. Renditions are indexes into `bitrates`. */
export interface AutoDefinitionState {
  /** Bits per second of each rendition, lowest first. */
  bitrates: readonly number[];
  current: number;
  /** Seconds buffered ahead of the playhead, and the buffering goal they are measured against. */
  bufferAhead: number;
  bufferGoal: number;
  /** Estimated bits per second of the network. */
  bandwidth: number;
  nowMs: number;
  lastStallMs: number | null;
  lastSwitchMs: number | null;
  /** The rendition that last stalled; it and the ones above it wait out the stall penalty. */
  stalledAt: number | null;
}

export type AutoDefinitionReason = 'hold' | 'hurry' | 'low' | 'drain' | 'high' | 'stall';

export interface AutoDefinitionDecision {
  index: number;
  reason: AutoDefinitionReason;
}

const has = (config: AutoDefinitionConfig, rule: number) => (config.method & rule) !== 0;

/** The highest rendition up to `cap` whose bitrate fits the bandwidth; the lowest when none does. */
export function highestFitting(
  bitrates: readonly number[],
  bandwidth: number,
  cap: number,
): number {
  for (let index = Math.min(cap, bitrates.length - 1); index > 0; index -= 1) {
    if ((bitrates[index] ?? Infinity) <= bandwidth * BANDWIDTH_SAFETY) return index;
  }
  return 0;
}

/** The highest rendition the stall penalty still allows. */
function stallCap(state: AutoDefinitionState, config: AutoDefinitionConfig): number {
  const top = state.bitrates.length - 1;
  if (!has(config, METHOD.stallPenalty) || state.stalledAt === null || state.lastStallMs === null) {
    return top;
  }
  const penaltyEnds = state.lastStallMs + config.stallPenalty * config.intervalMs;
  return state.nowMs < penaltyEnds ? Math.max(0, state.stalledAt - 1) : top;
}

/**
 * One auto-definition step (SPEC §9). With the buffer level as a share of the buffering goal:
 * a stall or a level under `hurry` drops at once; under `low`, or under `high` while the rung
 * downloads slower than real time, the player steps down to what the bandwidth carries, unless
 * it switched within the switch penalty; over `high`, after
 * `noStallCheckMs` without a stall and outside the switch penalty, it steps up one rung when
 * that rung fits. Anything else holds.
 */
export function decideDefinition(
  state: AutoDefinitionState,
  config: AutoDefinitionConfig,
): AutoDefinitionDecision {
  const { bitrates, current, bandwidth, nowMs } = state;
  const hold: AutoDefinitionDecision = { index: current, reason: 'hold' };
  if (bitrates.length < 2) return hold;
  const cap = stallCap(state, config);
  const fitting = highestFitting(bitrates, bandwidth, cap);
  const level = state.bufferGoal > 0 ? state.bufferAhead / state.bufferGoal : 1;

  if (current > cap) return { index: Math.min(cap, fitting), reason: 'stall' };

  if (has(config, METHOD.hurry) && level < config.hurry && current > 0) {
    // Slower than real time is a drop even when the estimate says the rung fits.
    const slower = (bitrates[current] ?? 0) > bandwidth ? current - 1 : current;
    const index = Math.min(fitting, slower);
    if (index < current) return { index, reason: 'hurry' };
  }

  const switchBlocked =
    has(config, METHOD.switchPenalty) &&
    state.lastSwitchMs !== null &&
    nowMs - state.lastSwitchMs < config.switchPenalty * config.intervalMs;
  if (switchBlocked) return hold;

  if (has(config, METHOD.low) && level < config.low && fitting < current) {
    return { index: fitting, reason: 'low' };
  }
  // Not yet low, but the rung downloads slower than it plays: the buffer can only drain.
  const draining = (bitrates[current] ?? 0) > bandwidth;
  if (has(config, METHOD.low) && level <= config.high && draining && fitting < current) {
    return { index: fitting, reason: 'drain' };
  }

  const calm = state.lastStallMs === null || nowMs - state.lastStallMs >= config.noStallCheckMs;
  const next = current + 1;
  if (
    has(config, METHOD.high) &&
    level > config.high &&
    calm &&
    next <= cap &&
    (bitrates[next] ?? Infinity) <= bandwidth * BANDWIDTH_SAFETY
  ) {
    return { index: next, reason: 'high' };
  }
  return hold;
}
