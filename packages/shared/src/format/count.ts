const WAN = 10_000;
const YI = 100_000_000;

/** Counts are whole and non-negative; anything else (NaN, negatives) shows as 0. */
function toCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * `count` in `unit`s with one decimal, rounded half up, without a trailing ".0". Dividing by a
 * tenth of the unit keeps the halves exact (10500 / 1000 = 10.5), unlike scaling 1.05 by 10.
 */
function oneDecimal(count: number, unit: number): string {
  return String(Math.round(count / (unit / 10)) / 10);
}

function yi(count: number): string {
  return `${oneDecimal(count, YI)}亿`;
}

/**
 * SPEC §9 count format: below 1万 as is, then one decimal 万 (123456 → "12.3万"), from 1亿 one
 * decimal 亿. A value that rounds up to 10000万 is shown as "1亿" rather than "10000万".
 */
export function formatCount(n: number): string {
  const count = toCount(n);
  if (count < WAN) return String(count);
  if (Math.round(count / 1000) < YI / 1000) return `${oneDecimal(count, WAN)}万`;
  return yi(count);
}

/**
 * SPEC §9 compact count for narrow places: below 1万 as is, under 10万 one decimal 万
 * (12345 → "1.2万"), then whole 万 (123456 → "12万"); from 1亿 the same 亿 form as formatCount.
 */
export function formatCountCompact(n: number): string {
  const count = toCount(n);
  if (count < WAN) return String(count);
  if (count < 10 * WAN) return `${oneDecimal(count, WAN)}万`;
  const wan = Math.round(count / WAN);
  return wan < YI / WAN ? `${wan}万` : yi(count);
}
