import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CodeChannel, CodePurpose } from '@melon/db/tables/sign-in';
import type { CodeSent } from '@melon/shared/contracts/passport';
import { tooFrequent, unavailable } from '../../lib/domain-error.ts';
import { formatWait } from '../../lib/format-wait.ts';
import { passportMessages } from './passport.messages.ts';
import {
  codeTimesSince,
  consumeCode,
  countWrongTry,
  deleteCode,
  findLatestCode,
  insertCode,
  pruneCodes,
} from './verification-code.repository.ts';

export const CODE_TTL_MS = 5 * 60_000;
/** The least time between two codes to one target, unless the site sets its own. */
export const DEFAULT_CODE_RESEND_INTERVAL_MS = 60_000;
export const CODE_DAILY_LIMIT = 10;
const CODE_DAY_MS = 24 * 3600_000;
export const CODE_MAX_ATTEMPTS = 5;

/** Why a code was not accepted; a wrong one says how many tries the code has left. */
export type CodeRefusal =
  | { reason: 'not_sent' | 'expired' | 'used' | 'exhausted' }
  | { reason: 'wrong'; triesLeft: number };

export interface VerificationCodes {
  /** Sends a new code through `deliver`, or throws too_frequent when the target had too many. */
  issue(
    channel: CodeChannel,
    target: string,
    purpose: CodePurpose,
    deliver: (code: string) => Promise<void>,
  ): Promise<CodeSent>;
  /** Spends the target's latest code for one of the purposes; undefined when it was accepted. */
  redeem(
    channel: CodeChannel,
    target: string,
    purposes: readonly CodePurpose[],
    code: string,
  ): Promise<CodeRefusal | undefined>;
}

/** What a route plugin that sends codes is given: the site secret and the resend interval. */
export interface CodeSenderOptions {
  secret: Buffer;
  codeResendIntervalMs?: number;
}

const secondsUntil = (time: number, now: number): number => Math.ceil((time - now) / 1000);

/**
 * One-time codes: six digits from the system's CSPRNG, stored as an HMAC keyed by the site
 * secret and bound to the row, so a leaked table cannot be searched through the million codes.
 */
export function createVerificationCodes(deps: {
  db: Kysely<Database>;
  newId: () => string;
  /** The site secret; the codes' HMAC key is derived from it. */
  secret: Buffer;
  /** The least time between two codes to one target (MELON_CODE_RESEND_INTERVAL_SECONDS). */
  resendIntervalMs?: number;
}): VerificationCodes {
  const { db, newId, secret, resendIntervalMs = DEFAULT_CODE_RESEND_INTERVAL_MS } = deps;
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'melon verification code', 32));
  const hashCode = (id: string, code: string): string =>
    createHmac('sha256', key).update(`${id}:${code}`).digest('hex');
  const sameHash = (a: string, b: string): boolean =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    async issue(channel, target, purpose, deliver) {
      const now = Date.now();
      const times = await codeTimesSince(db, channel, target, now - CODE_DAY_MS);
      const last = times[0];
      if (last !== undefined && now - last < resendIntervalMs) {
        const wait = secondsUntil(last + resendIntervalMs, now);
        throw tooFrequent(passportMessages.sendTooSoon(formatWait(wait)), wait);
      }
      const oldestCounted = times[CODE_DAILY_LIMIT - 1];
      if (oldestCounted !== undefined) {
        const wait = secondsUntil(oldestCounted + CODE_DAY_MS, now);
        throw tooFrequent(passportMessages.sendDailyLimit(formatWait(wait)), wait);
      }
      await pruneCodes(db, channel, target, now - CODE_DAY_MS);

      const id = newId();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await insertCode(db, {
        id,
        channel,
        target,
        purpose,
        codeHash: hashCode(id, code),
        now,
        expiresAt: now + CODE_TTL_MS,
      });
      try {
        await deliver(code);
      } catch (error) {
        // A code that never left does not count toward the sender's limits.
        await deleteCode(db, id);
        throw Object.assign(unavailable(passportMessages.sendFailed), { cause: error });
      }
      return { retry_after: resendIntervalMs / 1000 };
    },

    async redeem(channel, target, purposes, code) {
      const now = Date.now();
      const row = await findLatestCode(db, channel, target, purposes);
      if (!row) return { reason: 'not_sent' };
      if (row.consumed_at !== null) return { reason: 'used' };
      if (row.attempts >= CODE_MAX_ATTEMPTS) return { reason: 'exhausted' };
      if (row.expires_at <= now) return { reason: 'expired' };
      if (!sameHash(hashCode(row.id, code), row.code_hash)) {
        const attempts = await countWrongTry(db, row.id, CODE_MAX_ATTEMPTS);
        if (attempts === undefined) return { reason: 'exhausted' };
        return { reason: 'wrong', triesLeft: CODE_MAX_ATTEMPTS - attempts };
      }
      // Another request may have spent or killed the code since it was read.
      return (await consumeCode(db, row.id, CODE_MAX_ATTEMPTS, now))
        ? undefined
        : { reason: 'used' };
    },
  };
}
