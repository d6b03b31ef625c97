import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { MOBILE_PATTERN } from '@melon/shared/contracts/passport';
import { conflict, invalid, notFound, type DomainError } from '../../lib/domain-error.ts';
import {
  findUserIdByEmail,
  findUserIdByMobile,
  findUserIdByName,
} from '../account/account.repository.ts';
import { createAccount } from '../account/account.service.ts';
import { resetPasswordEndingSessions } from './credential.repository.ts';
import { passportMessages } from './passport.messages.ts';
import { hashPassword, meetsPasswordRule, verifyPassword } from './password.ts';
import type { Caller, SignInGuard } from './sign-in-guard.ts';
import type { CodeRefusal, VerificationCodes } from './verification-code.service.ts';

const MOBILE = new RegExp(MOBILE_PATTERN);

/** Every way to sign in with a secret; each answers the id of the user now signed in. */
export interface SignInService {
  /** Creates the account on first use. */
  smsLogin(caller: Caller, mobile: string, code: string): Promise<string>;
  /** account: a mobile number, an email address or a user name. */
  passwordLogin(caller: Caller, account: string, password: string): Promise<string>;
  emailRegister(caller: Caller, email: string, code: string, password: string): Promise<string>;
  /** Sets the password and ends every session of the user; the caller then starts a new one. */
  resetPassword(caller: Caller, mobile: string, code: string, password: string): Promise<string>;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

function refusalError(refusal: CodeRefusal): DomainError {
  switch (refusal.reason) {
    case 'not_sent':
      return invalid(passportMessages.codeNotSent, 'code');
    case 'expired':
      return invalid(passportMessages.codeExpired, 'code');
    case 'used':
      return invalid(passportMessages.codeUsed, 'code');
    case 'exhausted':
      return invalid(passportMessages.codeExhausted, 'code');
    case 'wrong':
      return invalid(
        refusal.triesLeft > 0
          ? passportMessages.codeWrong(refusal.triesLeft)
          : passportMessages.codeExhausted,
        'code',
      );
  }
}

/**
 * Anything that fails before the code is checked leaves the code alone, and a refused code
 * leaves the account alone: a refused request changes nothing but the failure counters.
 */
export function createSignInService(deps: {
  db: Kysely<Database>;
  newId: () => string;
  codes: VerificationCodes;
  guard: SignInGuard;
}): SignInService {
  const { db, newId, codes, guard } = deps;

  /** Spends the code or throws; guessing counts as a failed sign-in. */
  async function redeemOrThrow(
    caller: Caller,
    channel: 'sms' | 'email',
    target: string,
    purposes: readonly ('login' | 'register' | 'reset')[],
    code: string,
  ): Promise<void> {
    const refusal = await codes.redeem(channel, target, purposes, code);
    if (!refusal) return;
    if (refusal.reason === 'wrong' || refusal.reason === 'exhausted') {
      await guard.failed(caller, target);
    }
    throw refusalError(refusal);
  }

  function requirePasswordRule(password: string): void {
    if (!meetsPasswordRule(password)) throw invalid(passportMessages.passwordRule, 'password');
  }

  return {
    async smsLogin(caller, mobile, code) {
      await guard.admit(caller, mobile);
      await redeemOrThrow(caller, 'sms', mobile, ['login', 'register'], code);
      await guard.succeeded(mobile);
      const existing = await findUserIdByMobile(db, mobile);
      if (!existing) return createAccount(db, newId, { mobile });
      // The owner of the number may stop a password guesser's waits on the account.
      await guard.forgive({ userId: existing.user_id });
      return existing.user_id;
    },

    async passwordLogin(caller, rawAccount, password) {
      const trimmed = rawAccount.trim();
      const account = trimmed.includes('@') ? normalizeEmail(trimmed) : trimmed;
      await guard.admit(caller, account);
      const found = MOBILE.test(account)
        ? await findUserIdByMobile(db, account)
        : account.includes('@')
          ? await findUserIdByEmail(db, account)
          : await findUserIdByName(db, account);
      const subject = found ? { userId: found.user_id } : { typed: account };
      await guard.waitOut(subject);
      const matches = await verifyPassword(found?.password_hash ?? null, password);
      if (!found || !matches) {
        await guard.failed(caller, account);
        await guard.wrongPassword(subject);
        throw invalid(passportMessages.wrongCredentials);
      }
      await guard.succeeded(account);
      await guard.forgive(subject);
      return found.user_id;
    },

    async emailRegister(caller, rawEmail, code, password) {
      const email = normalizeEmail(rawEmail);
      requirePasswordRule(password);
      await guard.admit(caller, email);
      // The code first: only who reads the address's mail learns that it has an account.
      const passwordHash = await hashPassword(password);
      await redeemOrThrow(caller, 'email', email, ['register'], code);
      await guard.succeeded(email);
      if (await findUserIdByEmail(db, email)) throw conflict(passportMessages.emailTaken, 'email');
      return createAccount(db, newId, { email, passwordHash });
    },

    async resetPassword(caller, mobile, code, password) {
      requirePasswordRule(password);
      await guard.admit(caller, mobile);
      const found = await findUserIdByMobile(db, mobile);
      // Hashed and checked alike with or without an account: only who holds the number learns.
      const passwordHash = await hashPassword(password);
      await redeemOrThrow(caller, 'sms', mobile, ['reset'], code);
      if (!found) throw notFound(passportMessages.mobileNotRegistered);
      await resetPasswordEndingSessions(db, found.user_id, passwordHash, Date.now());
      await guard.succeeded(mobile);
      await guard.forgive({ userId: found.user_id });
      return found.user_id;
    },
  };
}
