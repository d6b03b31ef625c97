import { describe, expect, it } from 'vitest';
import { groupVipCode, normalizeVipCode, VIP_CODE_ALPHABET } from './vip-code.ts';

describe('vip codes', () => {
  it('reads a code in any case, with or without dashes and spaces', () => {
    expect(normalizeVipCode('7K3M-Q9TX-H2PV-R8WN')).toBe('7K3MQ9TXH2PVR8WN');
    expect(normalizeVipCode(' 7k3m q9tx-h2pv r8wn ')).toBe('7K3MQ9TXH2PVR8WN');
  });

  it('refuses a wrong length and the look-alike characters', () => {
    expect(normalizeVipCode('7K3M-Q9TX-H2PV-R8W')).toBeUndefined();
    expect(normalizeVipCode('7K3M-Q9TX-H2PV-R8WNN')).toBeUndefined();
    expect(normalizeVipCode('7K3M-Q9TX-H2PV-R8W0')).toBeUndefined();
    expect(normalizeVipCode('7K3M-Q9TX-H2PV-R8WO')).toBeUndefined();
    expect(normalizeVipCode('7K3M-Q9TX-H2PV-R8W1')).toBeUndefined();
    expect(normalizeVipCode('')).toBeUndefined();
    for (const lookAlike of '01ILO') expect(VIP_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('groups what is typed in fours, cut at 16 characters', () => {
    expect(groupVipCode('7k3mq9')).toBe('7K3M-Q9');
    expect(groupVipCode('7K3M-')).toBe('7K3M');
    expect(groupVipCode('7K3M Q9TX H2PV R8WN XYZ')).toBe('7K3M-Q9TX-H2PV-R8WN');
    expect(groupVipCode('')).toBe('');
  });
});
