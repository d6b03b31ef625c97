/**
 * SPEC §9 smooth scroll to the top: each animation frame moves one eighth of the remaining
 * distance. Whole pixels, so the last steps reach 0 instead of creeping towards it.
 */
export function nextScrollTop(current: number): number {
  if (!(current > 0)) return 0;
  return Math.floor(current - current / 8);
}
