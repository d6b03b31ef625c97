/*
 * The 6-minute preview's session flag (SPEC §4 start rule 1): when a viewer's preview of an
 * item ends, the page records where the clip ended, per item, in sessionStorage. When the item
 * is opened again in the same tab by a viewer now entitled to it (signed in, member, bought),
 * playback continues from there. /vip-center reads it to send the buyer back to the item.
 */

const PREFIX = 'melon:preview-end:';

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (privacy settings): the flag is simply never set.
    return null;
  }
}

/** Records that the preview of `itemId` ended at `clipEnd` seconds. */
export function markPreviewEnded(itemId: string, clipEnd: number): void {
  if (!(Number.isFinite(clipEnd) && clipEnd > 0)) return;
  try {
    store()?.setItem(PREFIX + itemId, String(clipEnd));
  } catch {
    // Quota or privacy mode: nothing to continue from later.
  }
}

/** Seconds where the preview of `itemId` ended in this tab's session, or null. */
export function previewEndedAt(itemId: string): number | null {
  const value = Number(store()?.getItem(PREFIX + itemId) ?? NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Forgets the flag once playback has continued from it. */
export function clearPreviewEnded(itemId: string): void {
  try {
    store()?.removeItem(PREFIX + itemId);
  } catch {
    // Storage refused: there was no flag to forget.
  }
}
