import { createIdGenerator } from '@melon/shared/ids/id';
import { hotKey } from '../../apps/server/src/modules/comment/hot-score.ts';
import { moveItemCounter } from '../../apps/server/src/modules/item/item.repository.ts';
import { createUser } from '../../apps/server/src/testing/factories.ts';
import { writeIntoRunningMelon } from '../running-melon-writes.ts';

const BATCH = 500;
const WRITERS = 1000;
const PHRASES = ['太好看了', '前排支持', '这个镜头绝了', '学到了', '已三连', 'UP主辛苦了', '泪目'];

/**
 * Writes `count` visible comments by 1000 users on the item into the SQLite database of a
 * running Melon (`dataDir`), as the comment service would store them (the hot key from their
 * likes and age), spread over the last 30 days, and moves the item's count with them.
 */
export async function writeManyComments(
  dataDir: string,
  itemId: string,
  count: number,
  onProgress: (done: number) => void,
): Promise<void> {
  const newId = createIdGenerator();
  return writeIntoRunningMelon(dataDir, async (db) => {
    const users: string[] = [];
    for (let i = 0; i < WRITERS; i += 1) users.push(await createUser(db, newId));
    const now = Date.now();
    let seed = 20261125;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let done = 0; done < count; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - done) }, (_, i) => {
        const createdAt = now - Math.floor(random() * 30 * 24 * 3600_000);
        const diggs = Math.floor(random() ** 4 * 5000);
        return {
          id: newId(),
          item_id: itemId,
          user_id: users[(done + i) % users.length] ?? '',
          root_id: null,
          reply_to_user_id: null,
          text: `${PHRASES[(done + i) % PHRASES.length] ?? ''} #${done + i + 1}`,
          image_uri: null,
          digg_count: diggs,
          hot_key: hotKey({ diggs, replies: 0, authorReplies: 0, createdAt }),
          hot_key_since: createdAt,
          created_at: createdAt,
        };
      });
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('comments').values(rows).execute();
        await moveItemCounter(trx, itemId, 'comment_count', rows.length);
      });
      onProgress(done + rows.length);
    }
  });
}
