import { hkdfSync } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CaptchaChallenge } from '@melon/shared/contracts/passport';
import { spendSolution } from './captcha.repository.ts';

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
const ALGORITHM = 'SHA-256';
/** The salt's parameter holding the challenge's work. */
const WORK_PARAM = 'work';
/** A real payload is a few hundred bytes; anything far longer is refused unread. */
const MAX_PAYLOAD_LENGTH = 2048;

export interface CaptchaService {
  /**
   * A challenge of `work` (ALTCHA `maxnumber`): the solver tries on average half as many
   * SHA-256 hashes. The work is signed into the salt, so a solution says how hard it was.
   */
  challenge(now: number, work: number): Promise<CaptchaChallenge>;
  /**
   * The work of the challenge the payload solves when it is one of ours, live and unspent
   * (spending it); undefined otherwise.
   */
  redeem(payload: string, now: number): Promise<number | undefined>;
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
    async challenge(now, work) {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        hmacKey,
        maxnumber: work,
        expires: new Date(now + CAPTCHA_TTL_MS),
        params: { [WORK_PARAM]: String(work) },
      });
      return { ...challenge, maxnumber: work };
    },
    async redeem(payload, now) {
      if (payload.length > MAX_PAYLOAD_LENGTH) return undefined;
      const solved = decode(payload);
      if (solved?.algorithm !== ALGORITHM) return undefined;
      // Our challenges always carry their expiry and work in the signed salt.
      const params = new URLSearchParams(solved.salt.split('?')[1]);
      const expiresS = Number(params.get('expires'));
      const work = Number(params.get(WORK_PARAM));
      if (!Number.isSafeInteger(expiresS) || expiresS * 1000 <= now) return undefined;
      if (!Number.isSafeInteger(work) || work <= 0) return undefined;
      if (!(await verifySolution(payload, hmacKey))) return undefined;
      return (await spendSolution(db, solved.signature, expiresS * 1000, now)) ? work : undefined;
    },
  };
}
