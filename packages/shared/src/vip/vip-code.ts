/*
 * Membership redeem codes (decision 052): 16 characters from an alphabet without the look-alikes
 * 0/O, 1/I/L, shown in four groups (`7K3M-Q9TX-H2PV-R8WN`). About 79 bits: guessing one is out of
 * reach. The server and the exchange form read a typed code the same way.
 */

/** Digits and capitals without 0, 1, I, L and O: 31 characters. */
export const VIP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VIP_CODE_LENGTH = 16;
const GROUP = 4;
/** Longest text a redeem call accepts (the code with separators and stray spaces). */
export const VIP_CODE_INPUT_MAX_LENGTH = 64;

/** The typed text upper-cased without spaces and dashes: what is compared with the alphabet. */
function compact(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * The canonical code (16 alphabet characters, no dashes) a typed one stands for, in any case
 * and with or without dashes and spaces; undefined when it is not a well-formed code.
 */
export function normalizeVipCode(input: string): string | undefined {
  const code = compact(input);
  if (code.length !== VIP_CODE_LENGTH) return undefined;
  for (const char of code) if (!VIP_CODE_ALPHABET.includes(char)) return undefined;
  return code;
}

/** A code in its groups of four, joined by dashes (as printed and as typed into the form). */
export function groupVipCode(input: string): string {
  const code = compact(input).slice(0, VIP_CODE_LENGTH);
  return (code.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? []).join('-');
}
