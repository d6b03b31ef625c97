import { describe, expect, it } from 'vitest';
import { BandwidthEstimator } from './bandwidth-estimator.ts';

describe('BandwidthEstimator', () => {
  it('answers the default until 128 kB are measured', () => {
    const estimator = new BandwidthEstimator(1_000_000);
    estimator.sample(100, 100_000);
    expect(estimator.estimate()).toBe(1_000_000);
    expect(estimator.hasGoodEstimate()).toBe(false);
    estimator.sample(100, 100_000);
    expect(estimator.hasGoodEstimate()).toBe(true);
    expect(estimator.estimate()).toBeCloseTo(8_000_000, -3);
  });

  it('ignores small samples', () => {
    const estimator = new BandwidthEstimator(1_000_000);
    for (let i = 0; i < 100; i += 1) estimator.sample(1, 10_000);
    expect(estimator.estimate()).toBe(1_000_000);
  });

  it('forgets a burst of very fast local downloads within two slow samples', () => {
    const estimator = new BandwidthEstimator(1_000_000);
    // 1 Gbit/s: 660 kB in 5 ms, as on localhost.
    for (let i = 0; i < 20; i += 1) estimator.sample(5, 660_000);
    expect(estimator.estimate()).toBeGreaterThan(500_000_000);
    // Then 1.5 Mbit/s: 660 kB take 3.52 s.
    estimator.sample(3520, 660_000);
    estimator.sample(3520, 660_000);
    expect(estimator.estimate()).toBeLessThan(2_500_000);
  });

  it('falls quickly when the network slows and rises slowly when it recovers', () => {
    const estimator = new BandwidthEstimator(1_000_000);
    // 10 Mbit/s for a while: 1.25 MB each second.
    for (let i = 0; i < 10; i += 1) estimator.sample(1000, 1_250_000);
    expect(estimator.estimate()).toBeCloseTo(10_000_000, -4);
    // Then 1 Mbit/s: three seconds later the estimate is already below half.
    for (let i = 0; i < 3; i += 1) estimator.sample(1000, 125_000);
    const afterDrop = estimator.estimate();
    expect(afterDrop).toBeLessThan(5_000_000);
    // Back at 10 Mbit/s: one second later the slow average still holds the estimate down.
    estimator.sample(1000, 1_250_000);
    expect(estimator.estimate()).toBeLessThan(8_000_000);
    expect(estimator.estimate()).toBeGreaterThan(afterDrop);
  });
});
