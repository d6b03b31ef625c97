import { getHistoryDuration } from '@melon/shared/calls/history.calls';
import type { MelonClient } from '@melon/shared/client/client';

/**
 * Where the viewer stopped in the item last time, on any device (SPEC §4 start rule 4): read
 * while the page renders, so the early start (decision 015) already resumes there. Null for a
 * visitor, for an item never watched, and when the answer cannot be had (playing from the
 * start beats failing the page).
 */
export async function loadHistoryPosition(
  client: MelonClient,
  itemId: string,
): Promise<number | null> {
  try {
    return (await client.call(getHistoryDuration, { content_id: itemId })).history_duration;
  } catch {
    return null;
  }
}
