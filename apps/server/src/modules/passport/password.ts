import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@melon/shared/contracts/passport';
import { codePointLength } from '@melon/shared/format/code-point-length';

/** At least 8 characters (at most 64) with at least one ASCII letter and one digit. */
export function meetsPasswordRule(password: string): boolean {
  const length = codePointLength(password);
  return (
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /[0-9]/.test(password)
  );
}

/** argon2id with the library's defaults: 19 MiB, 2 passes, 1 lane (the OWASP baseline). */
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash. Without a hash (unknown account, or one that
 * signs in by code only) a dummy hash is checked all the same, so the answer takes as long and
 * timing does not tell whether the account exists.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash('melon-dummy-password-0');
  const target = stored ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return stored !== null && matches;
  } catch {
    return false;
  }
}
