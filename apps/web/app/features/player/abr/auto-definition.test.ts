import { describe, expect, it } from 'vitest';
import {
  AUTO_DEFINITION_DEFAULTS,
  METHOD,
  resolveAutoDefinitionConfig,
} from './auto-definition-config.ts';
import { decideDefinition, highestFitting, type AutoDefinitionState } from './auto-definition.ts';

/** 360p, 480p, 720p, 1080p. */
const BITRATES = [800_000, 1_200_000, 2_500_000, 4_500_000];
const NOW = 100_000;

function state(overrides: Partial<AutoDefinitionState>): AutoDefinitionState {
  return {
    bitrates: BITRATES,
    current: 1,
    bufferAhead: 5,
    bufferGoal: 10,
    bandwidth: 2_000_000,
    nowMs: NOW,
    lastStallMs: null,
    lastSwitchMs: null,
    stalledAt: null,
    ...overrides,
  };
}

describe('the SPEC §9 constants', () => {
  it('are the defaults', () => {
    expect(AUTO_DEFINITION_DEFAULTS).toEqual({
      intervalMs: 1000,
      hurry: 0.25,
      low: 0.4,
      high: 0.7,
      noStallCheckMs: 5000,
      method: 31,
      stallPenalty: 11,
      switchPenalty: 4,
    });
  });

  it('can be overridden one by one; invalid values keep the default', () => {
    expect(
      resolveAutoDefinitionConfig({ high: 0.8, stallPenalty: 'x', low: -1, hurry: NaN }),
    ).toEqual({ ...AUTO_DEFINITION_DEFAULTS, high: 0.8 });
    expect(resolveAutoDefinitionConfig(null)).toEqual(AUTO_DEFINITION_DEFAULTS);
  });
});

describe('highestFitting', () => {
  it.each([
    { bandwidth: 100_000, cap: 3, index: 0 },
    { bandwidth: 1_000_000, cap: 3, index: 0 },
    { bandwidth: 1_500_000, cap: 3, index: 1 },
    { bandwidth: 3_125_000, cap: 3, index: 2 },
    { bandwidth: 10_000_000, cap: 3, index: 3 },
    { bandwidth: 10_000_000, cap: 1, index: 1 },
  ])('$bandwidth bit/s, cap $cap → $index', ({ bandwidth, cap, index }) => {
    expect(highestFitting(BITRATES, bandwidth, cap)).toBe(index);
  });
});

describe('decideDefinition', () => {
  const config = AUTO_DEFINITION_DEFAULTS;
  it.each([
    // level = bufferAhead / bufferGoal (10 s)
    {
      name: 'level 0.5 between low and high holds',
      s: { bufferAhead: 5 },
      index: 1,
      reason: 'hold',
    },
    {
      name: 'level 0.71 steps up one rung that fits',
      s: { bufferAhead: 7.1, bandwidth: 10_000_000 },
      index: 2,
      reason: 'high',
    },
    {
      name: 'level exactly 0.7 does not step up',
      s: { bufferAhead: 7, bandwidth: 10_000_000 },
      index: 1,
      reason: 'hold',
    },
    {
      name: 'level 0.8 with a next rung that does not fit holds',
      s: { bufferAhead: 8, bandwidth: 3_000_000 },
      index: 1,
      reason: 'hold',
    },
    {
      name: 'a stall 4.9 s ago blocks stepping up (no-stall check 5 s)',
      s: { bufferAhead: 9, bandwidth: 10_000_000, lastStallMs: NOW - 4900 },
      index: 1,
      reason: 'hold',
    },
    {
      name: 'a stall 5 s ago no longer blocks stepping up',
      s: { bufferAhead: 9, bandwidth: 10_000_000, lastStallMs: NOW - 5000 },
      index: 2,
      reason: 'high',
    },
    {
      name: 'a switch 3.9 s ago blocks stepping up (switch penalty 4 intervals)',
      s: { bufferAhead: 9, bandwidth: 10_000_000, lastSwitchMs: NOW - 3900 },
      index: 1,
      reason: 'hold',
    },
    {
      name: 'a switch 4 s ago no longer blocks',
      s: { bufferAhead: 9, bandwidth: 10_000_000, lastSwitchMs: NOW - 4000 },
      index: 2,
      reason: 'high',
    },
    {
      name: 'level 0.39 steps down to what fits',
      s: { current: 3, bufferAhead: 3.9, bandwidth: 1_600_000 },
      index: 1,
      reason: 'low',
    },
    {
      name: 'level 0.4 is not low; a rung that keeps up with the network holds',
      s: { current: 3, bufferAhead: 4, bandwidth: 5_000_000 },
      index: 3,
      reason: 'hold',
    },
    {
      name: 'low waits out the switch penalty',
      s: { current: 3, bufferAhead: 3.9, bandwidth: 1_600_000, lastSwitchMs: NOW - 1000 },
      index: 3,
      reason: 'hold',
    },
    {
      name: 'level 0.6 with a rung slower than real time drains: step down',
      s: { current: 3, bufferAhead: 6, bandwidth: 3_000_000 },
      index: 1,
      reason: 'drain',
    },
    {
      name: 'level 0.71 with a rung slower than real time holds (buffer is high)',
      s: { current: 3, bufferAhead: 7.1, bandwidth: 3_000_000 },
      index: 3,
      reason: 'hold',
    },
    {
      name: 'level 0.6 with a rung the network keeps up with holds',
      s: { current: 3, bufferAhead: 6, bandwidth: 5_000_000 },
      index: 3,
      reason: 'hold',
    },
    {
      name: 'low keeps a rung that fits',
      s: { current: 1, bufferAhead: 3, bandwidth: 1_600_000 },
      index: 1,
      reason: 'hold',
    },
    {
      name: 'level 0.24 drops at once, switch penalty or not',
      s: { current: 3, bufferAhead: 2.4, bandwidth: 1_600_000, lastSwitchMs: NOW - 500 },
      index: 1,
      reason: 'hurry',
    },
    {
      name: 'hurry drops one rung when the current one is slower than real time',
      s: { current: 2, bufferAhead: 1, bandwidth: 2_400_000, lastSwitchMs: NOW - 500 },
      index: 1,
      reason: 'hurry',
    },
    {
      name: 'hurry keeps a rung the network carries',
      s: { current: 1, bufferAhead: 1, bandwidth: 5_000_000, lastSwitchMs: NOW - 500 },
      index: 1,
      reason: 'hold',
    },
    {
      name: 'hurry at the lowest rung holds',
      s: { current: 0, bufferAhead: 0, bandwidth: 100_000 },
      index: 0,
      reason: 'hold',
    },
    {
      name: 'a stall on the current rung moves below it for 11 intervals',
      s: { current: 2, bandwidth: 10_000_000, lastStallMs: NOW - 10_900, stalledAt: 2 },
      index: 1,
      reason: 'stall',
    },
    {
      name: 'the stalled rung is not chosen again within 11 intervals',
      s: {
        current: 1,
        bufferAhead: 9,
        bandwidth: 10_000_000,
        lastStallMs: NOW - 10_900,
        stalledAt: 2,
      },
      index: 1,
      reason: 'hold',
    },
    {
      name: 'after 11 intervals the stalled rung may come back',
      s: {
        current: 1,
        bufferAhead: 9,
        bandwidth: 10_000_000,
        lastStallMs: NOW - 11_000,
        stalledAt: 2,
      },
      index: 2,
      reason: 'high',
    },
  ] as const)('$name', ({ s, index, reason }) => {
    expect(decideDefinition(state(s), config)).toEqual({ index, reason });
  });

  it('a single rendition always holds', () => {
    expect(
      decideDefinition(state({ bitrates: [800_000], current: 0, bufferAhead: 0 }), config),
    ).toEqual({ index: 0, reason: 'hold' });
  });

  it('method bits switch rules off', () => {
    const noHigh = { ...config, method: 31 & ~METHOD.high };
    expect(decideDefinition(state({ bufferAhead: 9, bandwidth: 10_000_000 }), noHigh).reason).toBe(
      'hold',
    );
    const noHurry = { ...config, method: 31 & ~METHOD.hurry & ~METHOD.low };
    expect(
      decideDefinition(state({ current: 3, bufferAhead: 1, bandwidth: 1_000_000 }), noHurry).reason,
    ).toBe('hold');
    const noSwitchPenalty = { ...config, method: 31 & ~METHOD.switchPenalty };
    expect(
      decideDefinition(
        state({ bufferAhead: 9, bandwidth: 10_000_000, lastSwitchMs: NOW - 100 }),
        noSwitchPenalty,
      ).reason,
    ).toBe('high');
    const noStallPenalty = { ...config, method: 31 & ~METHOD.stallPenalty };
    expect(
      decideDefinition(
        state({ current: 2, bandwidth: 10_000_000, lastStallMs: NOW - 100, stalledAt: 2 }),
        noStallPenalty,
      ).reason,
    ).toBe('hold');
  });
});
