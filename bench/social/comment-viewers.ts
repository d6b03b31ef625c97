import { createIdGenerator } from '@melon/shared/ids/id';
import { hotKey } from '../../apps/server/src/modules/comment/hot-score.ts';
import { createUser } from '../../apps/server/src/testing/factories.ts';
import { signInBenchUser, type ViewerHeaders } from '../signed-in-user.ts';
import { writeIntoRunningMelon } from '../running-melon-writes.ts';

/**
 * Two signed-in viewers of the item, written into the SQLite database of a running Melon
 * (`dataDir`): `liker` likes `likedIds` (comments of the page the bench loads); `writer` wrote
 * a comment the author's filter words hide from everyone else, so their page lists it.
 */
export async function signedInCommentViewers(
  dataDir: string,
  itemId: string,
  likedIds: readonly string[],
): Promise<{ liker: ViewerHeaders; writer: ViewerHeaders }> {
  const newId = createIdGenerator();
  return writeIntoRunningMelon(dataDir, async (db) => {
    const likerId = await createUser(db, newId);
    const now = Date.now();
    if (likedIds.length > 0) {
      await db
        .insertInto('comment_diggs')
        .values(likedIds.map((id) => ({ comment_id: id, user_id: likerId, created_at: now })))
        .execute();
    }
    const writerId = await createUser(db, newId);
    await db
      .insertInto('comments')
      .values({
        id: newId(),
        item_id: itemId,
        user_id: writerId,
        root_id: null,
        reply_to_user_id: null,
        text: '剧透：结局是……',
        image_uri: null,
        state: 'filtered',
        hot_key: hotKey({ diggs: 0, replies: 0, authorReplies: 0, createdAt: now }),
        hot_key_since: now,
        created_at: now,
      })
      .execute();
    return {
      liker: await signInBenchUser(db, newId, likerId),
      writer: await signInBenchUser(db, newId, writerId),
    };
  });
}
