import { hkdfSync } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CaptchaChallenge } from '@melon/shared/contracts/passport';
import { spendSolution } from './captcha.repository.ts';

/**
 * Proof-of-work size: the solver tries on average half of this many SHA-256 hashes, a fraction
 * of a second in a phone's browser. The work slows scripts down; the failure counters, the
 * single use and the rate limits do the rest.
 */
export const CAPTCHA_MAX_NUMBER = 50_000;
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
const ALGORITHM = 'SHA-256';
/** A real payload is a few hundred bytes; anything far longer is refused unread. */
const MAX_PAYLOAD_LENGTH = 2048;

export interface CaptchaService {
  challenge(now: number): Promise<CaptchaChallenge>;
  /** True when the payload solves one of our challenges that is live and unspent; spends it. */
  redeem(payload: string, now: number): Promise<boolean>;
}

interface SolvedPayload {
  algorithm: string;
  signature: string;
  salt: string;
}

function decode(payload: string): SolvedPayload | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { algorithm, signature, salt } = value as Record<string, unknown>;
    if (typeof algorithm !== 'string' || typeof signature !== 'string') return undefined;
    if (typeof salt !== 'string') return undefined;
    return { algorithm, signature, salt };
  } catch {
    return undefined;
  }
}

/** ALTCHA challenges signed with a key derived from the site secret. */
export function createCaptchaService(deps: {
  db: Kysely<Database>;
  /** The site secret; the challenges' HMAC key is derived from it. */
  secret: Buffer;
}): CaptchaService {
  const { db, secret } = deps;
  const hmacKey = Buffer.from(
    hkdfSync('sha256', secret, '', 'melon captcha hmac key', 32),
  ).toString('base64url');
  return {
    async challenge(now) {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        hmacKey,
        maxnumber: CAPTCHA_MAX_NUMBER,
        expires: new Date(now + CAPTCHA_TTL_MS),
      });
      return { ...challenge, maxnumber: CAPTCHA_MAX_NUMBER };
    },
    async redeem(payload, now) {
      if (payload.length > MAX_PAYLOAD_LENGTH) return false;
      const solved = decode(payload);
      if (solved?.algorithm !== ALGORITHM) return false;
      // Our challenges always carry their expiry in the signed salt.
      const expiresS = Number(new URLSearchParams(solved.salt.split('?')[1]).get('expires'));
      if (!Number.isSafeInteger(expiresS) || expiresS * 1000 <= now) return false;
      if (!(await verifySolution(payload, hmacKey))) return false;
      return spendSolution(db, solved.signature, expiresS * 1000, now);
    },
  };
}
