import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { COMMENT_TAB_HOT, COMMENT_TAB_TIME } from '@melon/shared/contracts/comment';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createItem, createUser } from '../../testing/factories.ts';
import { ensureDefaultChannels } from '../channel/ensure-default-channels.ts';
import {
  createCommentLists,
  HOT_SNAPSHOT_LAG_MS,
  HOT_SNAPSHOT_MAX_AGE_MS,
} from './comment-lists.service.ts';
import { createCommentService } from './comment.service.ts';

/*
 * Decision 030's promise: a reader paging through either order while comments, replies, likes
 * and cancelled likes keep arriving (1000 writes over the pages) sees every comment of the list
 * as it stood at the first page exactly once, in that order: none twice, none skipped.
 */

const WRITES = 1000;
const SEEDED = 120;
const PAGE = 10;

let database: OpenedDatabase;
const newId = createIdGenerator();
/** A clock the test moves: each reading is 7 ms after the last. */
let now = Date.UTC(2026, 10, 25);
const clock = () => (now += 7);
const origin = 'http://localhost';

let authorId = '';
const users: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureDefaultChannels(database.db);
  authorId = await createUser(database.db, newId);
  for (let i = 0; i < 40; i += 1) users.push(await createUser(database.db, newId));
}, 120_000);
afterAll(() => database.close());

type Write =
  | { kind: 'comment'; user: number }
  | { kind: 'reply'; user: number; target: number; byAuthor: boolean }
  | { kind: 'digg'; user: number; target: number }
  | { kind: 'cancel'; user: number; target: number };

const user = fc.nat(39);
const target = fc.nat(10_000);
const write: fc.Arbitrary<Write> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('comment' as const), user }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reply' as const),
      user,
      target,
      byAuthor: fc.boolean(),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('digg' as const), user, target }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, target }) },
);

describe('paging the comment lists while writes arrive', () => {
  it('finds every comment of the first page’s list once, in order, in both orders', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(COMMENT_TAB_HOT, COMMENT_TAB_TIME),
        fc.array(write, { minLength: WRITES, maxLength: WRITES }),
        fc.array(fc.tuple(user, target), { minLength: 300, maxLength: 300 }),
        async (tab, writes, seedLikes) => {
          const db = database.db;
          const comments = createCommentService({ db, newId, clock });
          const lists = createCommentLists({ db, clock });
          const itemId = await createItem(db, newId, authorId);
          const input = (text: string) => ({
            text,
            textField: 'text',
            imageUri: undefined,
            origin,
          });
          const roots: string[] = [];
          for (let i = 0; i < SEEDED; i += 1) {
            roots.push((await comments.post(users[i % 40] ?? '', itemId, input(`种子 ${i}`))).id);
          }
          for (const [who, which] of seedLikes) {
            await comments.digg(users[who] ?? '', roots[which % roots.length] ?? '', true);
          }
          now += HOT_SNAPSHOT_LAG_MS + 1;

          // The list as it stands now, before the first page: what the pages must show.
          const rows = await db
            .selectFrom('comments')
            .select(['id', 'hot_key', 'created_at'])
            .where('item_id', '=', itemId)
            .where('root_id', 'is', null)
            .execute();
          const expected = rows
            .sort((a, b) =>
              tab === COMMENT_TAB_HOT
                ? b.hot_key - a.hot_key || (a.id < b.id ? 1 : -1)
                : b.created_at - a.created_at || (a.id < b.id ? 1 : -1),
            )
            .map((row) => row.id);

          const all = [...roots];
          const apply = async (w: Write) => {
            const by = users[w.user] ?? '';
            const on = all[(w.kind === 'comment' ? 0 : w.target) % all.length] ?? '';
            if (w.kind === 'comment')
              roots.push((await comments.post(by, itemId, input('新评论'))).id);
            if (w.kind === 'reply') {
              const reply = await comments.reply(w.byAuthor ? authorId : by, on, input('回复'));
              all.push(reply.id);
            }
            if (w.kind === 'digg') await comments.digg(by, on, true);
            if (w.kind === 'cancel') await comments.digg(by, on, false);
          };

          const seen: string[] = [];
          let offset: string | undefined;
          let pages = 0;
          const perPage = Math.ceil(WRITES / (expected.length / PAGE));
          for (;;) {
            const page = await lists.tab(
              { itemId, tab, offset, count: PAGE, authorOnly: false, origin },
              null,
            );
            seen.push(...page.data.map((comment) => comment.id));
            for (const w of writes.slice(pages * perPage, (pages + 1) * perPage)) await apply(w);
            pages += 1;
            if (!page.has_more) break;
            offset = page.offset;
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen).toEqual(expected);
          expect(pages * perPage).toBeGreaterThanOrEqual(WRITES);
        },
      ),
      // A counterexample of 1000 writes takes long to shrink: report the first one as found.
      { numRuns: 4, endOnFailure: true },
    );
  }, 600_000);

  it('refuses a hot cursor older than a day: its keys may be swept', async () => {
    const db = database.db;
    const comments = createCommentService({ db, newId, clock });
    const lists = createCommentLists({ db, clock });
    const itemId = await createItem(db, newId, authorId);
    for (const text of ['一', '二']) {
      await comments.post(authorId, itemId, {
        text,
        textField: 'text',
        imageUri: undefined,
        origin,
      });
    }
    now += HOT_SNAPSHOT_LAG_MS + 1;
    const query = { itemId, tab: COMMENT_TAB_HOT, count: 1, authorOnly: false, origin };
    const first = await lists.tab({ ...query, offset: undefined }, null);
    expect(first.has_more).toBe(true);
    now += HOT_SNAPSHOT_MAX_AGE_MS;
    await expect(lists.tab({ ...query, offset: first.offset }, null)).rejects.toMatchObject({
      kind: 'invalid',
      details: { field: 'offset' },
    });
  });
});
