/** The list with the entry at `from` moved to `to` (both clamped into the list); a new array. */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.min(Math.max(to, 0), next.length - 1);
  const [entry] = next.splice(from, 1) as [T];
  next.splice(target, 0, entry);
  return next;
}
