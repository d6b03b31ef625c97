import { createIdGenerator } from '@melon/shared/ids/id';
import { afterEach, describe, expect, it } from 'vitest';
import { claimIdWorker } from './id-worker.ts';
import { closeTwoHandles, twoHandles } from './two-handles.ts';

afterEach(closeTwoHandles);

describe('claimIdWorker', () => {
  it('gives processes of one database distinct worker numbers, so their ids never collide', async () => {
    const { dataDir, first, second } = await twoHandles();
    const one = await claimIdWorker(first, dataDir);
    const two = await claimIdWorker(second, dataDir);
    try {
      expect([one.workerId, two.workerId].sort()).toEqual([0, 1]);
      // Two processes making ids in the same milliseconds: with one worker number for both
      // (as every process had before), their first ids of each millisecond were equal.
      let ms = Date.UTC(2026, 10, 26);
      const now = () => ms;
      const ids = [one, two].map(({ workerId }) => createIdGenerator({ workerId, now }));
      const made = new Set<string>();
      for (let step = 0; step < 100; step += 1) {
        for (const newId of ids) made.add(newId());
        if (step % 10 === 9) ms += 1;
      }
      expect(made.size).toBe(200);
    } finally {
      await one.release();
      await two.release();
    }
  });

  it('gives a released number to the next process', async () => {
    const { dataDir, first, second } = await twoHandles();
    const one = await claimIdWorker(first, dataDir);
    const two = await claimIdWorker(second, dataDir);
    await one.release();
    const again = await claimIdWorker(first, dataDir);
    expect(again.workerId).toBe(one.workerId);
    await again.release();
    await two.release();
  });
});
