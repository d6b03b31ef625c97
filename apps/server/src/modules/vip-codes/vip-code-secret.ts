import { createHash, randomInt } from 'node:crypto';
import { VIP_CODE_ALPHABET, VIP_CODE_LENGTH } from '@melon/shared/vip/vip-code';

/*
 * Making and storing a redeem code (decision 052). A code carries about 79 random bits, so its
 * plain SHA-256 is enough to store: no table of guesses covers that space, and a copy of the
 * database holds no code that could be redeemed.
 */

/** A new code, canonical form (16 characters, no dashes), from the crypto generator. */
export function newVipCode(): string {
  return Array.from({ length: VIP_CODE_LENGTH }, () =>
    VIP_CODE_ALPHABET.charAt(randomInt(VIP_CODE_ALPHABET.length)),
  ).join('');
}

/** What is stored and looked up for a canonical code. */
export function hashVipCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
