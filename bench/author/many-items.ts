import { ItemType, SeriesKind, Visibility } from '@melon/db/enums';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createUser } from '../../apps/server/src/testing/factories.ts';
import { signInBenchUser, type ViewerHeaders } from '../signed-in-user.ts';
import { writeIntoRunningMelon } from '../running-melon-writes.ts';

const BATCH = 500;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Writes an author with `count` videos (one in fifty visible to the author only) and five
 * series of ten of them into the SQLite database of a running Melon (`dataDir`), spread over
 * the last year; answers the author's id.
 */
export async function writeAuthorWithItems(dataDir: string, count: number): Promise<string> {
  const newId = createIdGenerator();
  return writeIntoRunningMelon(dataDir, async (db) => {
    const author = await createUser(db, newId, { name: '万条作者' });
    const now = Date.now();
    const ids: string[] = [];
    for (let done = 0; done < count; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - done) }, (_, i) => {
        const n = done + i;
        const time = now - Math.floor(((count - n) / count) * 365 * DAY_MS);
        const id = newId();
        ids.push(id);
        return {
          id,
          item_type: ItemType.ShortVideo,
          visibility: n % 50 === 0 ? Visibility.Self : Visibility.All,
          user_id: author,
          channel_id: 2,
          title: `第 ${n + 1} 期视频`,
          abstract: '简介',
          duration_ms: 61_500,
          cover_large_uri: `covers/${id}-large.webp`,
          cover_middle_uri: `covers/${id}-middle.webp`,
          preview_uri: null,
          publish_time: time,
          behot_time: time,
          play_count: (n * 7919) % 100_000,
          created_at: time,
          updated_at: time,
        };
      });
      await db.insertInto('items').values(rows).execute();
    }
    for (let s = 0; s < 5; s += 1) {
      const seriesId = newId();
      await db
        .insertInto('items')
        .values({
          id: seriesId,
          item_type: ItemType.Series,
          user_id: author,
          channel_id: 2,
          title: `合集 ${s + 1}`,
          publish_time: now,
          behot_time: now,
          preview_uri: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('series')
        .values({ item_id: seriesId, kind: SeriesKind.Series, user_id: author })
        .execute();
      await db
        .insertInto('series_items')
        .values(
          ids.slice(s * 10, s * 10 + 10).map((item_id, position) => ({
            series_id: seriesId,
            item_id,
            position: position + 1,
          })),
        )
        .execute();
    }
    return author;
  });
}

/**
 * Writes a user who follows the author, signed in, into the SQLite database of a running Melon
 * (`dataDir`); answers their browser's headers.
 */
export async function writeFollower(dataDir: string, authorId: string): Promise<ViewerHeaders> {
  const newId = createIdGenerator();
  return writeIntoRunningMelon(dataDir, async (db) => {
    const follower = await createUser(db, newId, { name: '粉丝' });
    await db
      .insertInto('follows')
      .values({ follower_id: follower, followee_id: authorId, created_at: Date.now() })
      .execute();
    return await signInBenchUser(db, newId, follower);
  });
}
