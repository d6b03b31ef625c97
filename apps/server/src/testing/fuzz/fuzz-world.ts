import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CSRF_HEADER, WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { Visibility } from '@melon/db/enums';
import { SESSION_COOKIE } from '../../modules/session/session.plugin.ts';
import { hashSecret } from '../../security/secret-token.ts';
import { createUser } from '../factories.ts';
import { createItemIn } from '../item-factory.ts';
import type { TestApp, Visitor } from '../test-app.ts';
import type { ValuePool } from './schema-values.ts';

/** Who sends a request: nobody, a visitor, a signed-in user, or someone forging one of them. */
export const ACTORS = [
  'nobody',
  'visitor',
  'alice',
  'bob',
  'alice-without-csrf',
  'alice-with-bobs-csrf',
  'alice-with-garbage-csrf',
  'forged-session',
  'garbage-cookies',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * A small site like the demo's: two signed-in users (alice and bob) and a third (carol) who is
 * never signed in, each with public, private and deleted items, a ready video with files, a
 * processing one, danmaku on them and shield words. `ids` are every id in it (channels too), so
 * requests name other users' things.
 */
export interface FuzzWorld extends ValuePool {
  /** The cookie and anti-forgery header of an actor, sessions renewed if a request ended them. */
  headersOf: (actor: Actor, garbage: string) => Record<string, string>;
  /** Signs alice and bob in again if a request signed them out (a logout is allowed to succeed). */
  keepSignedIn: () => Promise<void>;
}

/** The session token in a signed-in visitor's cookie. */
/** Which ids a field is about, by its name; any other field may get any id. */
const ID_KINDS = [
  [/danmaku|reply_to/i, 'danmaku'],
  [/item|group|content|mix/i, 'items'],
  [/channel/i, 'channels'],
  [/session/i, 'sessions'],
  [/user/i, 'users'],
] as const;

const sessionTokenOf = (visitor: Visitor): string =>
  new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(visitor.cookie)?.[1] ?? '';

async function seedDanmaku(t: TestApp, itemId: string, senders: string[]): Promise<string[]> {
  const now = Date.now();
  const rows = senders.flatMap((sender, index) =>
    [0, 1].map((n) => ({
      id: t.newId(),
      item_id: itemId,
      offset_ms: 1000 * (index * 2 + n),
      text: `弹幕 ${index}-${n}`,
      colour: 16_777_215,
      mode: 'scroll' as const,
      size: 25,
      pool: 'normal' as const,
      sender_id: sender,
      send_time: now - 60_000,
      created_at: now - 60_000,
    })),
  );
  await t.db.insertInto('danmaku').values(rows).execute();
  return rows.map((row) => row.id);
}

/** A ready video whose derived files (a cover) are on disk, as the media routes serve them. */
async function readyVideo(t: TestApp, author: string): Promise<string> {
  const itemId = await createItemIn(t.db, t.newId, author, { media: 'ready' });
  await t.db
    .updateTable('item_media')
    .set({ package_dir: 'pkg1', derived_dir: 'derived1' })
    .where('item_id', '=', itemId)
    .execute();
  for (const dir of ['pkg1', 'derived1']) {
    const folder = path.join(t.dataDir, 'media', 'v', itemId, dir);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, dir === 'pkg1' ? 'manifest.mpd' : 'cover.webp'), 'x');
  }
  return itemId;
}

export async function createFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const alice = await createUser(t.db, t.newId, { name: '爱丽丝' });
  const bob = await createUser(t.db, t.newId, { name: '鲍勃' });
  const carol = await createUser(t.db, t.newId, { name: '卡罗尔' });
  await t.db
    .insertInto('user_credentials')
    .values([
      {
        user_id: alice,
        mobile: '13800138000',
        email: 'alice@example.com',
        password_hash: null,
        name_updated_at: null,
        updated_at: Date.now(),
      },
      {
        user_id: carol,
        mobile: '13900139000',
        email: null,
        password_hash: null,
        name_updated_at: null,
        updated_at: Date.now(),
      },
    ])
    .execute();
  const items: string[] = [];
  for (const author of [alice, bob, carol]) {
    items.push(
      await createItemIn(t.db, t.newId, author, {}),
      await createItemIn(t.db, t.newId, author, { visibility: Visibility.Self }),
      await createItemIn(t.db, t.newId, author, { visibility: Visibility.Delete }),
      await readyVideo(t, author),
    );
  }
  // Only carol, never signed in, has a video in processing: its progress stream would stay open.
  items.push(await createItemIn(t.db, t.newId, carol, { media: 'processing' }));
  const danmaku: string[] = [];
  for (const item of items) danmaku.push(...(await seedDanmaku(t, item, [alice, bob, carol])));
  const words = [alice, bob].map((user) => ({
    id: t.newId(),
    user_id: user,
    text: '剧透',
    created_at: Date.now(),
  }));
  await t.db.insertInto('danmaku_shield_words').values(words).execute();

  const sessions = new Map<'alice' | 'bob', Visitor>([
    ['alice', await t.signedIn(alice)],
    ['bob', await t.signedIn(bob)],
  ]);
  const visitor = t.visitor();
  const signedIn = (who: 'alice' | 'bob'): Visitor => sessions.get(who) ?? visitor;
  const sessionIds = (await t.db.selectFrom('sessions').select('public_id').execute()).map(
    (row) => row.public_id,
  );
  const channelIds = (await t.db.selectFrom('channels').select('id').execute()).map((row) =>
    String(row.id),
  );

  const ids = {
    users: [alice, bob, carol],
    items,
    danmaku,
    words: words.map((word) => word.id),
    sessions: sessionIds,
    channels: channelIds,
  };
  const all = Object.values(ids).flat();
  return {
    ids: all,
    idsFor: (fieldName) => {
      const kind = ID_KINDS.find(([pattern]) => pattern.test(fieldName))?.[1];
      return kind ? ids[kind] : all;
    },
    headersOf: (actor, garbage) => {
      const alicesVisit = signedIn('alice');
      switch (actor) {
        case 'nobody':
          return {};
        case 'visitor':
          return visitor.headers;
        case 'alice':
        case 'bob':
          return signedIn(actor).headers;
        case 'alice-without-csrf':
          return { cookie: alicesVisit.cookie };
        case 'alice-with-bobs-csrf':
          return {
            cookie: alicesVisit.cookie,
            [CSRF_HEADER]: signedIn('bob').headers[CSRF_HEADER] ?? '',
          };
        case 'alice-with-garbage-csrf':
          return { cookie: alicesVisit.cookie, [CSRF_HEADER]: garbage };
        case 'forged-session':
          return {
            cookie: `${WEB_ID_COOKIE}=${visitor.webId}; ${SESSION_COOKIE}=${garbage}`,
            [CSRF_HEADER]: visitor.headers[CSRF_HEADER] ?? '',
          };
        case 'garbage-cookies':
          return { cookie: garbage, [CSRF_HEADER]: garbage };
      }
    },
    keepSignedIn: async () => {
      for (const [who, id] of [
        ['alice', alice],
        ['bob', bob],
      ] as const) {
        const token = sessionTokenOf(signedIn(who));
        const row = await t.db
          .selectFrom('sessions')
          .select('id')
          .where('id', '=', hashSecret(token))
          .where('expires_at', '>', Date.now())
          .executeTakeFirst();
        if (!row) sessions.set(who, await t.signedIn(id));
      }
    },
  };
}
