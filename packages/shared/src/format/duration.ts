function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * SPEC §9 duration: "mm:ss" under an hour, "hh:mm:ss" from an hour (hours padded to two digits,
 * more when a live recording runs past 99 hours). Fractions of a second are dropped, so a player
 * never shows a second that has not yet passed; negative and non-finite input shows "00:00".
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = `${pad2(minutes)}:${pad2(total % 60)}`;
  return hours > 0 ? `${pad2(hours)}:${rest}` : rest;
}
