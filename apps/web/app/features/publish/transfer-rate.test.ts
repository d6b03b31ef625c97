import { describe, expect, it } from 'vitest';
import { createTransferRate, formatBytes, formatRate, secondsLeft } from './transfer-rate.ts';

describe('createTransferRate', () => {
  it('answers 0 until two samples are apart in time', () => {
    const rate = createTransferRate();
    expect(rate.sample(1000, 0)).toBe(0);
    expect(rate.sample(1000, 500)).toBe(0);
  });

  it('measures bytes per second over the window', () => {
    const rate = createTransferRate(3000);
    rate.sample(0, 0);
    expect(rate.sample(1000, 100_000)).toBe(100_000);
    expect(rate.sample(2000, 300_000)).toBe(150_000);
  });

  it('forgets samples older than the window', () => {
    const rate = createTransferRate(3000);
    rate.sample(0, 0);
    rate.sample(1000, 1_000_000);
    rate.sample(5000, 1_100_000);
    // The 0 ms sample is gone; the last one before the window (1000 ms) anchors it.
    expect(rate.sample(6000, 1_200_000)).toBe(40_000);
  });

  it('starts over when fewer bytes are reported than before (a chunk sent again)', () => {
    const rate = createTransferRate();
    rate.sample(0, 0);
    rate.sample(1000, 4_000_000);
    expect(rate.sample(1500, 3_000_000)).toBe(0);
    expect(rate.sample(2500, 3_500_000)).toBe(500_000);
  });

  it('starts over after a reset', () => {
    const rate = createTransferRate();
    rate.sample(0, 0);
    rate.sample(1000, 1000);
    rate.reset();
    expect(rate.sample(60_000, 2000)).toBe(0);
  });
});

describe('formatRate', () => {
  it.each([
    [0, '0 KB/s'],
    [-5, '0 KB/s'],
    [512, '1 KB/s'],
    [300 * 1024, '300 KB/s'],
    [1023 * 1024, '1023 KB/s'],
    [1024 * 1024, '1.0 MB/s'],
    [5.25 * 1024 * 1024, '5.3 MB/s'],
  ])('%d B/s reads %s', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });
});

describe('secondsLeft', () => {
  it('rounds up the time left at the current speed', () => {
    expect(secondsLeft(0, 1000, 300)).toBe(4);
    expect(secondsLeft(1000, 1000, 300)).toBe(0);
  });

  it('says nothing without a speed', () => {
    expect(secondsLeft(0, 1000, 0)).toBeNull();
  });
});

describe('formatBytes', () => {
  it.each([
    [1000, '1 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
    [1.25 * 1024 * 1024 * 1024, '1.3 GB'],
    [4 * 1024 * 1024 * 1024, '4 GB'],
    [4 * 1024 * 1024, '4 MB'],
  ])('%d bytes reads %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
