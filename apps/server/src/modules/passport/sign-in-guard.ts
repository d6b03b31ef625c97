import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { captchaRequired } from '../../http/api-error.ts';
import { tooFrequent } from '../../lib/domain-error.ts';
import { formatWait } from '../../lib/format-wait.ts';
import {
  clearFailures,
  findFailures,
  maxFailures,
  recordFailures,
  recordFailureSinceLast,
} from './auth-failure.repository.ts';
import { passportMessages } from './passport.messages.ts';

export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins, per account or per IP within the window, after which a captcha is asked. */
export const FAILURES_BEFORE_CAPTCHA = 3;

/** The work (ALTCHA `maxnumber`) of a captcha at the first failures. */
export const CAPTCHA_BASE_WORK = 50_000;
/** The work doubles with each failure from an address past the third, up to 32 times the base. */
const CAPTCHA_MAX_DOUBLINGS = 5;

/** Wrong passwords for one account after which each further one makes the account wait. */
export const BACKOFF_AFTER_FAILURES = 5;
/** The wait after the fifth wrong password; it doubles with each further one… */
export const BACKOFF_FIRST_WAIT_MS = 30_000;
/** …up to an hour. */
export const BACKOFF_MAX_WAIT_MS = 3600_000;
/** An account's wrong passwords are forgotten a day after the latest, or at a sign-in. */
export const BACKOFF_MEMORY_MS = 24 * 3600_000;

/** Who is signing in: the address, and the work of the captcha the request solved (0: none). */
export interface Caller {
  ip: string;
  captchaWork: number;
}

export interface SignInGuard {
  /**
   * Throws the captcha demand when the account or the IP failed too often and the request
   * solved no captcha as hard as the IP's failures ask for.
   */
  admit(caller: Caller, account: string): Promise<void>;
  failed(caller: Caller, account: string): Promise<void>;
  /** Forgets the account's failures; the IP's stay, so one good account cannot launder them. */
  succeeded(account: string): Promise<void>;
  /**
   * Throws too_frequent while the account waits after its wrong passwords. No captcha shortens
   * the wait: it bounds how fast anyone can guess an account's password.
   */
  waitOut(subject: PasswordSubject): Promise<void>;
  /** Counts a wrong password for the account; from the fifth on each makes it wait longer. */
  wrongPassword(subject: PasswordSubject): Promise<void>;
  /** Forgets the account's wrong passwords: its owner signed in. */
  forgive(subject: PasswordSubject): Promise<void>;
}

/**
 * Whose wrong passwords count together: the user, whichever name (mobile, email, user name) it
 * was typed as; an unknown account by what was typed, so it answers as a known one does.
 */
export type PasswordSubject = { userId: string } | { typed: string };

const accountKey = (account: string): string => `account:${account}`;
const ipKey = (ip: string): string => `ip:${ip}`;
const backoffKey = (subject: PasswordSubject): string =>
  'userId' in subject ? `password:user:${subject.userId}` : `password:account:${subject.typed}`;

/** The captcha work asked of an address with this many recent failures. */
export const captchaWorkFor = (failures: number): number =>
  CAPTCHA_BASE_WORK *
  2 ** Math.min(Math.max(failures - FAILURES_BEFORE_CAPTCHA, 0), CAPTCHA_MAX_DOUBLINGS);

/** How long an account waits after this many wrong passwords in a row. */
export const backoffWaitMs = (failures: number): number =>
  failures < BACKOFF_AFTER_FAILURES
    ? 0
    : Math.min(
        BACKOFF_FIRST_WAIT_MS * 2 ** (failures - BACKOFF_AFTER_FAILURES),
        BACKOFF_MAX_WAIT_MS,
      );

/** The work of a captcha an address is given now: more the more it failed (the challenge call). */
export async function captchaWorkForIp(
  db: Kysely<Database>,
  ip: string,
  now: number,
): Promise<number> {
  return captchaWorkFor(await maxFailures(db, [ipKey(ip)], now, FAILURE_WINDOW_MS));
}

/**
 * SPEC §4, §8: brute force against an account or from an address meets a captcha that gets
 * harder with the address's failures, and password guessing against an account meets a wait
 * that doubles with each wrong password, which no captcha shortens.
 */
export function createSignInGuard({ db }: { db: Kysely<Database> }): SignInGuard {
  return {
    async admit(caller, account) {
      const now = Date.now();
      const [accountFailures, ipFailures] = await Promise.all([
        maxFailures(db, [accountKey(account)], now, FAILURE_WINDOW_MS),
        maxFailures(db, [ipKey(caller.ip)], now, FAILURE_WINDOW_MS),
      ]);
      if (Math.max(accountFailures, ipFailures) < FAILURES_BEFORE_CAPTCHA) return;
      if (caller.captchaWork >= captchaWorkFor(ipFailures)) return;
      throw captchaRequired(passportMessages.captchaAfterFailures);
    },
    async failed(caller, account) {
      const keys = [accountKey(account), ipKey(caller.ip)];
      await recordFailures(db, keys, Date.now(), FAILURE_WINDOW_MS);
    },
    async succeeded(account) {
      await clearFailures(db, accountKey(account));
    },
    async waitOut(subject) {
      const now = Date.now();
      const last = await findFailures(db, backoffKey(subject), now, BACKOFF_MEMORY_MS);
      if (!last) return;
      const until = last.at + backoffWaitMs(last.failures);
      if (until <= now) return;
      const wait = Math.ceil((until - now) / 1000);
      throw tooFrequent(passportMessages.passwordBackoff(formatWait(wait)), wait);
    },
    async wrongPassword(subject) {
      await recordFailureSinceLast(db, backoffKey(subject), Date.now(), BACKOFF_MEMORY_MS);
    },
    async forgive(subject) {
      await clearFailures(db, backoffKey(subject));
    },
  };
}
