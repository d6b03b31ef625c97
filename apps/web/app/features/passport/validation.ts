import {
  CODE_PATTERN,
  MOBILE_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@melon/shared/contracts/passport';
import { passportMessages as t } from './messages.ts';

const MOBILE = new RegExp(MOBILE_PATTERN);
const CODE = new RegExp(CODE_PATTERN);
/** A practical email check; the server decides for good. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each check answers the message to show, or null when the value is fine (SPEC §5). */
export type Check = (value: string) => string | null;

/** Mainland mobile numbers only; spaces and dashes typed between digits are ignored. */
export const normaliseMobile = (value: string): string => value.replace(/[\s-]/g, '');

export const checkMobile: Check = (value) => {
  const mobile = normaliseMobile(value);
  if (!mobile) return t.error.mobileEmpty;
  return MOBILE.test(mobile) ? null : t.error.mobileInvalid;
};

export const checkCode: Check = (value) => {
  const code = value.trim();
  if (!code) return t.error.codeEmpty;
  return CODE.test(code) ? null : t.error.codeInvalid;
};

export const checkAccount: Check = (value) => (value.trim() ? null : t.error.accountEmpty);

/** For signing in: anything typed; the server says whether it is right. */
export const checkLoginPassword: Check = (value) => (value ? null : t.error.passwordEmpty);

/** For a new password: at least 8 characters with letters and digits. */
export const checkNewPassword: Check = (value) => {
  if (!value) return t.error.passwordEmpty;
  if (value.length > PASSWORD_MAX_LENGTH) return t.error.passwordLong;
  if (value.length < PASSWORD_MIN_LENGTH || !/[A-Za-z]/.test(value) || !/\d/.test(value)) {
    return t.error.passwordWeak;
  }
  return null;
};

export const checkConfirmation =
  (password: string): Check =>
  (value) =>
    value === password ? null : t.error.confirmMismatch;

export const checkEmail: Check = (value) => {
  const email = value.trim();
  if (!email) return t.error.emailEmpty;
  return EMAIL.test(email) && email.length <= 254 ? null : t.error.emailInvalid;
};

/** The first message of the checks in order, or null when all pass. */
export function firstProblem(checks: readonly (readonly [Check, string])[]): string | null {
  for (const [check, value] of checks) {
    const problem = check(value);
    if (problem) return problem;
  }
  return null;
}
