import { solveChallenge as solveRange } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '@melon/shared/contracts/passport';

/** The ALTCHA payload the server verifies: the challenge with the number found, base64 JSON. */
export function encodeSolution(challenge: CaptchaChallenge, number: number, took: number): string {
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
    took,
  };
  return btoa(JSON.stringify(payload));
}

/** How many numbers one step tries before progress is reported. */
const steps = (max: number): number => Math.max(500, Math.ceil(max / 50));

/**
 * Solves the proof of work with altcha-lib, a slice of numbers at a time so the page can show
 * progress (the fraction of the range searched) and the user can stop it. Answers the payload
 * for the x-captcha-solution header, or null when stopped or no number solves it.
 */
export async function solveChallenge(
  challenge: CaptchaChallenge,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string | null> {
  const max = challenge.maxnumber;
  const step = steps(max);
  const started = Date.now();
  for (let start = 0; start <= max; start += step) {
    if (signal.aborted) return null;
    const end = Math.min(max, start + step - 1);
    const solution = await solveRange(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      end,
      start,
    ).promise;
    if (solution) {
      onProgress(1);
      return encodeSolution(challenge, solution.number, Date.now() - started);
    }
    onProgress(Math.min(1, (end + 1) / (max + 1)));
  }
  return null;
}
