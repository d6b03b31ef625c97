import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { captchaRequired } from '../../http/api-error.ts';
import { clearFailures, maxFailures, recordFailures } from './auth-failure.repository.ts';
import { passportMessages } from './passport.messages.ts';

export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins, per account or per IP within the window, after which a captcha is asked. */
export const FAILURES_BEFORE_CAPTCHA = 3;

/** Who is signing in: the address, and whether the request carried a solved captcha. */
export interface Caller {
  ip: string;
  captchaSolved: boolean;
}

export interface SignInGuard {
  /** Throws the captcha demand when the account or the IP failed too often and none was solved. */
  admit(caller: Caller, account: string): Promise<void>;
  failed(caller: Caller, account: string): Promise<void>;
  /** Forgets the account's failures; the IP's stay, so one good account cannot launder them. */
  succeeded(account: string): Promise<void>;
}

const accountKey = (account: string): string => `account:${account}`;
const ipKey = (ip: string): string => `ip:${ip}`;

/** SPEC §4, §8: brute force against an account or from an address meets a captcha. */
export function createSignInGuard({ db }: { db: Kysely<Database> }): SignInGuard {
  return {
    async admit(caller, account) {
      if (caller.captchaSolved) return;
      const keys = [accountKey(account), ipKey(caller.ip)];
      const failures = await maxFailures(db, keys, Date.now(), FAILURE_WINDOW_MS);
      if (failures >= FAILURES_BEFORE_CAPTCHA) {
        throw captchaRequired(passportMessages.captchaAfterFailures);
      }
    },
    async failed(caller, account) {
      const keys = [accountKey(account), ipKey(caller.ip)];
      await recordFailures(db, keys, Date.now(), FAILURE_WINDOW_MS);
    },
    async succeeded(account) {
      await clearFailures(db, accountKey(account));
    },
  };
}
