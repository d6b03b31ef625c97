import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CodePurpose, CodeSent } from '@melon/shared/contracts/passport';
import { invalid } from '../../lib/domain-error.ts';
import { findUserIdByEmail, findUserIdByMobile } from '../account/account.repository.ts';
import type { MessageProvider } from '../notify/message-provider.ts';
import { codeEmailSubject, codeText, passportMessages } from './passport.messages.ts';
import { normalizeEmail } from './sign-in.service.ts';
import { CODE_TTL_MS, type VerificationCodes } from './verification-code.service.ts';

export interface SendCodeService {
  toMobile(mobile: string, purpose: CodePurpose): Promise<CodeSent>;
  toEmail(email: string, purpose: CodePurpose): Promise<CodeSent>;
}

const TTL_MINUTES = CODE_TTL_MS / 60_000;

/**
 * Sends codes only where one can be used, and answers alike where none can (no reset code to a
 * number without an account, no registration code to an address with one): such a target gets
 * a notice instead of a code, under the same limits, so neither the answer nor its timing tells
 * whether an account exists.
 */
export function createSendCodeService(deps: {
  db: Kysely<Database>;
  codes: VerificationCodes;
  messages: MessageProvider;
}): SendCodeService {
  const { db, codes, messages } = deps;
  return {
    async toMobile(mobile, purpose) {
      const noAccount = purpose === 'reset' && !(await findUserIdByMobile(db, mobile));
      return codes.issue('sms', mobile, purpose, (code) =>
        noAccount
          ? messages.sendSms(mobile, passportMessages.resetWithoutAccountNotice)
          : messages.sendSms(mobile, codeText(purpose, code, TTL_MINUTES), { code, purpose }),
      );
    },
    async toEmail(rawEmail, purpose) {
      // Email serves registration only; sign-in and reset go through the mobile number.
      if (purpose !== 'register') throw invalid(passportMessages.emailCodeRegisterOnly, 'type');
      const email = normalizeEmail(rawEmail);
      const registered = await findUserIdByEmail(db, email);
      return codes.issue('email', email, purpose, (code) =>
        registered
          ? messages.sendEmail(
              email,
              codeEmailSubject(purpose),
              passportMessages.emailRegisteredNotice,
            )
          : messages.sendEmail(
              email,
              codeEmailSubject(purpose),
              codeText(purpose, code, TTL_MINUTES),
              { code, purpose },
            ),
      );
    },
  };
}
