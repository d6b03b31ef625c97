import { describe, expect, it } from 'vitest';
import { createWorkGate } from './work-gate.ts';

/*
 * The gate of heavy work inside requests (decision 066): never more tasks at once than its
 * limit, the rest waiting in turn, and past the queue a refusal at once.
 */

/** A task that runs until the test lets it finish, counting the tasks running at once. */
function tasks() {
  let running = 0;
  let peak = 0;
  const finishers: (() => void)[] = [];
  const task = async (): Promise<string> => {
    running += 1;
    peak = Math.max(peak, running);
    await new Promise<void>((resolve) => finishers.push(resolve));
    running -= 1;
    return 'done';
  };
  return {
    task,
    started: () => finishers.length,
    finishNext: () => finishers.shift()?.(),
    running: () => running,
    peak: () => peak,
  };
}

/** Lets the promises settled so far run their continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkGate', () => {
  it('runs at most its limit at once, queues the rest in turn and refuses past the queue', async () => {
    const gate = createWorkGate({ limit: 2, queue: 3, busy: () => new Error('busy') });
    const work = tasks();
    const results = Array.from({ length: 5 }, () => gate.run(work.task));
    await settle();
    expect(work.started()).toBe(2);
    expect(gate.state()).toEqual({ running: 2, waiting: 3 });

    await expect(gate.run(work.task)).rejects.toThrow('busy');
    expect(gate.state()).toEqual({ running: 2, waiting: 3 });

    for (let finished = 1; finished <= 5; finished += 1) {
      work.finishNext();
      await settle();
      expect(work.running()).toBeLessThanOrEqual(2);
      expect(gate.state().running).toBe(Math.min(2, 5 - finished));
    }
    expect(await Promise.all(results)).toEqual(Array(5).fill('done'));
    expect(work.peak()).toBe(2);
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the place back when a task fails', async () => {
    const gate = createWorkGate({ limit: 1, queue: 1, busy: () => new Error('busy') });
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(gate.state()).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(() => Promise.resolve(1))).toBe(1);
  });
});
