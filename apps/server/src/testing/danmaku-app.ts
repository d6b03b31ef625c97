import { createItem, createUser } from './factories.ts';
import { createTestApp, type TestApp, type Visitor } from './test-app.ts';

/** The common parameters every danmaku call carries (SPEC §7). */
export const DANMAKU_QUERY = '?aid=1768&app_name=video_ixigua&format=json';

/** What the danmaku call tests start from: an app, a video author and one item of theirs. */
export async function createDanmakuTestApp(): Promise<{
  t: TestApp;
  author: string;
  item: string;
}> {
  const t = await createTestApp();
  const author = await createUser(t.db, t.newId);
  const item = await createItem(t.db, t.newId, author);
  return { t, author, item };
}

/** A new user, signed in, to send danmaku as. */
export async function newSender(t: TestApp): Promise<{ id: string; v: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, v: await t.signedIn(id) };
}

/** How many danmaku the database holds where `column` is `value`: an item's or a sender's. */
export async function countDanmaku(
  t: TestApp,
  column: 'item_id' | 'sender_id',
  value: string,
): Promise<number> {
  const row = await t.db
    .selectFrom('danmaku')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(column, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
