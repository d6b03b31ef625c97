import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeAccess, ItemType, Visibility } from '@melon/db/enums';
import { moveDemoMediaToStorage } from '../../demo/demo-media-to-storage.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createMediaItem, type ReadyItem } from '../../testing/media-factory.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/*
 * What a visitor can fetch of the media store by name (decision 068), on both engines: every key
 * the store holds is asked for under both public prefixes, and only the public ones answer —
 * avatars, comment pictures, demo covers, and the derived files of a ready video that is not
 * deleted. Sources, unpublished uploads and their tus records, packages (free, private or
 * members-only), private pictures and everything of a deleted video are not there (404), and
 * with a CDN before the bucket only the public ones are sent to it.
 */

interface Engine {
  name: 'local' | 's3';
  /** A test app on this engine, its store, and how to list every key the store holds. */
  open(cdn?: string): Promise<{ t: TestApp; storage: MediaStorage; keys: () => Promise<string[]> }>;
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
}, 60_000);
afterAll(() => s3.close());

const localEngine: Engine = {
  name: 'local',
  open: async () => {
    const t = await createTestApp();
    const root = path.join(t.dataDir, 'media');
    return {
      t,
      storage: createLocalStorage(root),
      keys: async () =>
        (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
    };
  },
};

const s3Engine: Engine = {
  name: 's3',
  open: async (cdn) => {
    const storage = createS3Storage({ ...s3.settings, publicBaseUrl: cdn });
    return { t: await createTestApp({ mediaStorage: storage }), storage, keys: () => s3.keys() };
  },
};

/** A site holding one of every kind of key; answers its app and the items by kind. */
async function siteWithEveryKind(engine: Engine, cdn?: string) {
  const { t, storage, keys } = await engine.open(cdn);
  const author = await createUser(t.db, t.newId);
  // The factory writes the files under the data dir's media/; with a bucket they are then moved
  // there whole, as the demo's are.
  const make = (item: Parameters<typeof createMediaItem>[2]) => createMediaItem(t, author, item);
  const items = {
    public: await make({}),
    private: await make({ item: { visibility: Visibility.Self } }),
    vip: await make({ item: { itemType: ItemType.Episode } }),
    deleted: await make({ item: { visibility: Visibility.Delete } }),
    processing: await make({ state: 'processing' }),
  } satisfies Record<string, ReadyItem>;
  const album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
  await t.db.insertInto('albums').values({ item_id: album, album_type: 2 }).execute();
  await t.db
    .insertInto('album_episodes')
    .values({
      album_id: album,
      item_id: items.vip.itemId,
      seq: 1,
      opening_ms: null,
      ending_ms: null,
      access: EpisodeAccess.Vip,
    })
    .execute();
  await moveDemoMediaToStorage(t.dataDir, storage);

  const bytes = Buffer.from('RIFF0000WEBP');
  const upload = t.newId();
  const loose = [
    ...Object.values(items).map((item) => `sources/${item.itemId}`),
    `uploads/${upload}`,
    `uploads/${upload}.info`,
    `uploads/${upload}.part`,
    `private/tort-proofs/${t.newId()}.webp`,
    `private/feedback-images/${t.newId()}.webp`,
    `avatars/${author}-${t.newId()}.webp`,
    `comment-images/${t.newId()}.webp`,
    `covers/${t.newId()}-large.webp`,
  ];
  for (const key of loose) await storage.putBytes(key, bytes);
  return { t, items, keys, close: () => t.close() };
}

/** The keys anyone may fetch: the public directories' files and live videos' derived files. */
function isPublicKey(key: string, items: Record<string, ReadyItem>): boolean {
  const parts = key.split('/');
  if (['avatars', 'covers', 'comment-images'].includes(parts[0] ?? '')) return parts.length === 2;
  const shown = [items.public, items.private, items.vip];
  return shown.some(
    (item) => item && key.startsWith(`v/${item.itemId}/${item.derivedName}/`) && parts.length === 4,
  );
}

for (const engine of [localEngine, s3Engine]) {
  describe(
    `a visitor asking for every key of the ${engine.name} store`,
    { timeout: 120_000 },
    () => {
      it('gets the public files and a 404 for everything else, under both prefixes', async () => {
        const site = await siteWithEveryKind(engine);
        try {
          const keys = await site.keys();
          // One of every kind is there to be asked for.
          for (const kind of ['sources/', 'uploads/', 'private/tort-proofs/', 'private/v/', 'v/']) {
            expect(keys.some((key) => key.startsWith(kind))).toBe(true);
          }
          const exposed: string[] = [];
          const hidden: string[] = [];
          for (const key of keys) {
            for (const prefix of ['/media/', '/media-backup/']) {
              const response = await site.t.app.inject({ url: `${prefix}${key}` });
              if (isPublicKey(key, site.items)) {
                if (response.statusCode !== 200)
                  exposed.push(`${prefix}${key} ${response.statusCode}`);
              } else if (response.statusCode !== 404) {
                hidden.push(`${prefix}${key} ${response.statusCode}`);
              }
            }
          }
          expect(hidden, 'keys a visitor could fetch that are not public').toEqual([]);
          expect(exposed, 'public keys not served').toEqual([]);
        } finally {
          await site.close();
        }
      });

      it('keeps every package under private/, named apart from the public derived folder', async () => {
        const site = await siteWithEveryKind(engine);
        try {
          for (const item of [site.items.public, site.items.vip, site.items.private]) {
            const packageKeys = (await site.keys()).filter((key) =>
              key.includes(`/${item.packageName}/`),
            );
            expect(packageKeys.length).toBeGreaterThan(0);
            for (const key of packageKeys)
              expect(key.startsWith(`private/v/${item.itemId}/`)).toBe(true);
            expect(item.packageName).toMatch(/^package-[0-9a-f]{32}$/);
          }
        } finally {
          await site.close();
        }
      });

      it('decodes a media path once: double-encoded separators and letters find nothing', async () => {
        const site = await siteWithEveryKind(engine);
        try {
          const { itemId, derivedName } = site.items.public;
          const source = `sources/${itemId}`;
          for (const url of [
            `/media/${source.replace('/', '%252F')}`,
            `/media/sources%2F${itemId}`,
            `/media/%2576/${itemId}/${derivedName}/cover-large.webp`,
            `/media/avatars/%252E%252E%252F${source.replace('/', '%252F')}`,
            `/media/avatars/..%252F${source.replace('/', '%252F')}`,
            `/media/private%252Ftort-proofs%252F1234567890123456789.webp`,
            `/media-backup/%2576%252F${itemId}%252F${derivedName}`,
          ]) {
            expect((await site.t.app.inject({ url })).statusCode, url).toBe(404);
          }
        } finally {
          await site.close();
        }
      });
    },
  );
}

describe('with a CDN before the bucket', { timeout: 120_000 }, () => {
  it('sends only public files there; packages, sources and uploads are not there', async () => {
    const site = await siteWithEveryKind(s3Engine, 'https://cdn.melon.test/m');
    try {
      const keys = await site.keys();
      const wrong: string[] = [];
      for (const key of keys) {
        const response = await site.t.app.inject({ url: `/media/${key}` });
        const expected = isPublicKey(key, site.items)
          ? response.statusCode === 302 &&
            response.headers.location === `https://cdn.melon.test/m/${key}`
          : response.statusCode === 404;
        if (!expected) wrong.push(`${key} ${response.statusCode}`);
      }
      expect(wrong).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
