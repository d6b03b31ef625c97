import { describe, expect, it } from 'vitest';
import { createSessionWatch, type LiveSessionsOf } from './session-watch.ts';

const watchOver = (liveSessions: LiveSessionsOf) =>
  createSessionWatch({
    periodMs: 10,
    liveSessions,
    onError: (error) => {
      throw error;
    },
  });

/** Answers from the set as it is when asked. */
const from =
  (live: Set<string>): LiveSessionsOf =>
  (hashes) =>
    Promise.resolve(new Set(hashes.filter((hash) => live.has(hash))));

const ended = (watch: ReturnType<typeof createSessionWatch>, hash: string) =>
  new Promise<void>((resolve) => {
    watch.watch(hash, resolve);
  });

describe('createSessionWatch', () => {
  it('ends every connection of a session once it is gone, and only those', async () => {
    const live = new Set(['a', 'b']);
    const watch = watchOver(from(live));
    const endedA: string[] = [];
    watch.watch('a', () => endedA.push('socket'));
    watch.watch('a', () => endedA.push('stream'));
    let endedB = false;
    watch.watch('b', () => {
      endedB = true;
    });
    live.delete('a');
    // Watched after a's: ended in the same pass or a later one.
    await ended(watch, 'gone');
    expect(endedA.sort()).toEqual(['socket', 'stream']);
    expect(endedB).toBe(false);
    watch.stop();
  });

  it('does not watch a visitor, and forgets a connection that closed by itself', async () => {
    const asked: string[] = [];
    const watch = watchOver((hashes) => {
      asked.push(...hashes);
      return Promise.resolve(new Set<string>());
    });
    let called = false;
    watch.watch(null, () => {
      called = true;
    })();
    const unwatch = watch.watch('closed', () => {
      called = true;
    });
    unwatch();
    await ended(watch, 'other');
    expect(called).toBe(false);
    expect(asked).not.toContain('closed');
    watch.stop();
  });

  it('judges only the sessions it asked about: one watched during a check is kept', async () => {
    let answer: (live: Set<string>) => void = () => undefined;
    let askedOnce: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      askedOnce = resolve;
    });
    const watch = watchOver(
      () =>
        new Promise((respond) => {
          answer = respond;
          askedOnce();
        }),
    );
    let endedOld = false;
    let endedLate = false;
    watch.watch('old', () => {
      endedOld = true;
    });
    await asked;
    watch.watch('late', () => {
      endedLate = true;
    });
    answer(new Set()); // neither is live, but only 'old' was asked about
    await new Promise((next) => setImmediate(next));
    expect(endedOld).toBe(true);
    expect(endedLate).toBe(false);
    watch.stop();
  });
});
