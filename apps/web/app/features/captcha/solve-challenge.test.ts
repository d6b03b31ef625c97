import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import type { CaptchaChallenge } from '@melon/shared/contracts/passport';
import { solveChallenge } from './solve-challenge.ts';

const hmacKey = 'test-key';

async function challengeFor(number: number, maxnumber = 5000): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({ hmacKey, maxnumber, number, algorithm: 'SHA-256' });
  return { ...challenge, maxnumber };
}

describe('solveChallenge', () => {
  it('finds the number and answers a payload the server accepts', async () => {
    const progress: number[] = [];
    const payload = await solveChallenge(
      await challengeFor(3210),
      (fraction) => progress.push(fraction),
      new AbortController().signal,
    );
    expect(payload).not.toBeNull();
    expect(await verifySolution(payload ?? '', hmacKey)).toBe(true);
    const decoded = JSON.parse(atob(payload ?? '')) as { number: number };
    expect(decoded.number).toBe(3210);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await solveChallenge(await challengeFor(4000), () => undefined, controller.signal)).toBe(
      null,
    );
  });

  it('answers null for a challenge with no solution in range', async () => {
    const challenge = { ...(await challengeFor(4000)), maxnumber: 1000 };
    expect(await solveChallenge(challenge, () => undefined, new AbortController().signal)).toBe(
      null,
    );
  });
});
