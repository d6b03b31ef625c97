/**
 * The row the focus moves to from row `index` of `count` when a key is pressed in the list
 * (arrows, page keys, Home, End), or null for any other key.
 */
export function rowAfterKey(
  key: string,
  index: number,
  count: number,
  pageRows: number,
): number | null {
  const steps: Partial<Record<string, number>> = {
    ArrowDown: 1,
    ArrowUp: -1,
    PageDown: Math.max(1, pageRows),
    PageUp: -Math.max(1, pageRows),
    Home: -count,
    End: count,
  };
  const step = steps[key];
  if (step === undefined || count <= 0) return null;
  return Math.min(count - 1, Math.max(0, index + step));
}
