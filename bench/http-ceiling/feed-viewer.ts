import { createIdGenerator } from '@melon/shared/ids/id';
import { createUser } from '../../apps/server/src/testing/factories.ts';
import { signInBenchUser, type ViewerHeaders } from '../signed-in-user.ts';
import { writeIntoRunningMelon } from '../running-melon-writes.ts';

/** A card of the feed the viewer is made from: its item and its author. */
export interface SeenCard {
  groupId: string;
  userInfo: { user_id: string };
}

/**
 * Writes a signed-in viewer with a past into the SQLite database of a running Melon
 * (`dataDir`): they watched the first `watched` cards halfway through, a minute apart, and
 * follow the first card's author, so their recommend feed is built from history, follows and
 * tags. Answers their browser's headers.
 */
export async function writeFeedViewer(
  dataDir: string,
  cards: readonly SeenCard[],
  watched = 5,
): Promise<ViewerHeaders> {
  const newId = createIdGenerator();
  return writeIntoRunningMelon(dataDir, async (db) => {
    const viewer = await createUser(db, newId, { name: '老观众' });
    const now = Date.now();
    const seen = cards.slice(0, watched);
    if (seen.length > 0) {
      await db
        .insertInto('watch_history')
        .values(
          seen.map((card, i) => ({
            user_id: viewer,
            item_id: card.groupId,
            progress_ms: 1000,
            watched_at: now - i * 60_000,
          })),
        )
        .execute();
    }
    const followed = cards[0]?.userInfo.user_id;
    if (followed !== undefined && followed !== viewer) {
      await db
        .insertInto('follows')
        .values({ follower_id: viewer, followee_id: followed, created_at: now })
        .execute();
    }
    return await signInBenchUser(db, newId, viewer);
  });
}
