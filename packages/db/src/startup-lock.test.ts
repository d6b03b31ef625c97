import { afterEach, describe, expect, it } from 'vitest';
import { withStartupLock } from './startup-lock.ts';
import { closeTwoHandles, twoHandles } from './two-handles.ts';

afterEach(closeTwoHandles);

describe('withStartupLock', () => {
  it('lets one holder work at a time; the other waits, then goes on', async () => {
    const { dataDir, first, second } = await twoHandles();

    const events: string[] = [];
    const { promise: holding, resolve: release } = Promise.withResolvers<undefined>();
    const firstRun = withStartupLock(first, dataDir, async () => {
      events.push('first in');
      await holding;
      events.push('first out');
      return 1;
    });
    // The first holds the lock before the second asks for it.
    while (!events.includes('first in')) await new Promise((resolve) => setTimeout(resolve, 5));
    const secondRun = withStartupLock(second, dataDir, () => {
      events.push('second in');
      return Promise.resolve(2);
    });
    // Long enough for a second holder to have entered, were the lock not held.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual(['first in']);
    release(undefined);
    expect(await Promise.all([firstRun, secondRun])).toEqual([1, 2]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });

  it('is released when the work fails', async () => {
    const { dataDir, first } = await twoHandles();
    await expect(
      withStartupLock(first, dataDir, () => Promise.reject(new Error('migration failed'))),
    ).rejects.toThrow('migration failed');
    expect(await withStartupLock(first, dataDir, () => Promise.resolve('again'))).toBe('again');
  });
});
