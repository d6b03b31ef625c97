/**
 * Moments of the video a comment names (`02:15`, `1:02:03`), as Bilibili makes them clickable:
 * the page plays the video from there and marks the comment as the one playing (SPEC §3 comment
 * play progress, current playing comment id, comment playing flag; decision 032).
 */

export type TimeMarkPart =
  { kind: 'text'; text: string } | { kind: 'time'; text: string; atMs: number };

/** m:ss, mm:ss or h:mm:ss, not inside a longer run of digits and colons. */
const TIME_MARK = /(?<![\d:])(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)(?![\d:])/g;

/** How long after its moment a comment stays the one playing. */
export const PLAYING_WINDOW_MS = 15_000;

/** The text cut into plain text and the moments within the video's length. */
export function timeMarkParts(text: string, durationMs: number): TimeMarkPart[] {
  const parts: TimeMarkPart[] = [];
  let at = 0;
  for (const match of text.matchAll(TIME_MARK)) {
    const [whole, hours, minutes = '0', seconds = '0'] = match;
    // 75:30 is a moment of a long film; 1:75:30 is no time at all.
    if (hours !== undefined && Number(minutes) > 59) continue;
    const atMs = ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
    if (atMs > durationMs) continue;
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'time', text: whole, atMs });
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/**
 * How far playback has gone through a playing comment's window, 0–1; undefined once it has
 * left the window (a seek elsewhere, or played on past it).
 */
export function playingProgress(fromMs: number, currentMs: number): number | undefined {
  const into = currentMs - fromMs;
  // A moment is reached by seeking to the second: a little before it counts as there.
  if (into < -500 || into > PLAYING_WINDOW_MS) return undefined;
  return Math.min(1, Math.max(0, into / PLAYING_WINDOW_MS));
}
