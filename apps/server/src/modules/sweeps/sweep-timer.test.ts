import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSweepTimer } from './sweep-timer.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startSweepTimer', () => {
  it('sweeps at once, then every interval after the last sweep, until stopped', async () => {
    const sweep = vi.fn(() => Promise.resolve());
    const timer = startSweepTimer({ sweep, intervalMs: 60_000, onError: vi.fn() });
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep).toHaveBeenCalledTimes(2);
    await timer.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sweep).toHaveBeenCalledTimes(2);
  });

  it('reports a failed sweep and keeps sweeping', async () => {
    const failure = new Error('database gone');
    const sweep = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const onError = vi.fn();
    const timer = startSweepTimer({ sweep, intervalMs: 1000, onError });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure);
    expect(sweep).toHaveBeenCalledTimes(2);
    await timer.stop();
  });

  it('never overlaps a slow sweep, and stop waits for the one running', async () => {
    let finished = false;
    let finish: () => void = () => undefined;
    const sweep = vi.fn(
      () =>
        new Promise<undefined>((resolve) => {
          finish = () => {
            finished = true;
            resolve(undefined);
          };
        }),
    );
    const timer = startSweepTimer({ sweep, intervalMs: 1000, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sweep).toHaveBeenCalledTimes(1);
    const stopped = timer.stop();
    finish();
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sweep).toHaveBeenCalledTimes(1);
  });
});
