import { openDatabase } from '@melon/db/open-database';
import { WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { createIdGenerator } from '@melon/shared/ids/id';
import { hotKey } from '../../apps/server/src/modules/comment/hot-score.ts';
import { insertSession } from '../../apps/server/src/modules/session/session.repository.ts';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from '../../apps/server/src/modules/session/session.plugin.ts';
import { hashSecret, newSecretToken } from '../../apps/server/src/security/secret-token.ts';
import { createUser } from '../../apps/server/src/testing/factories.ts';

/** The request headers of a signed-in browser. */
export type ViewerHeaders = Record<string, string>;

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
  const opened = openDatabase({ dataDir });
  const { db } = opened;
  const newId = createIdGenerator();
  const signIn = async (userId: string): Promise<ViewerHeaders> => {
    const token = newSecretToken();
    const now = Date.now();
    await insertSession(db, {
      idHash: hashSecret(token),
      publicId: newId(),
      userId,
      now,
      expiresAt: now + SESSION_TTL_MS,
      userAgent: 'bench',
      ip: '127.0.0.1',
    });
    return { cookie: `${WEB_ID_COOKIE}=${newId()}; ${SESSION_COOKIE}=${token}` };
  };
  try {
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
    return { liker: await signIn(likerId), writer: await signIn(writerId) };
  } finally {
    await opened.close();
  }
}
