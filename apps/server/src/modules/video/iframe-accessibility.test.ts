import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeAccess, ItemType } from '@melon/db/enums';
import { getIframeAccessibility } from '@melon/shared/calls/embed.calls';
import type { IframeAccessibility } from '@melon/shared/contracts/embed';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createItemIn, HIDDEN_ITEMS } from '../../testing/item-factory.ts';
import { createMediaItem, type ReadyItem } from '../../testing/media-factory.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { queueMissingTrials, TRIAL_PACKAGE_JOB, trialPackageJob } from '../membership/trial-job.ts';

/*
 * get_iframe_accessibility (decision 057) on the dialect under test: what a visitor's frame
 * plays of a video, an album and a members-only episode, and 404 for what the item policy hides
 * (whoever asks: the frame is another site's, shown to anyone).
 */

let t: TestApp;
let author: string;
let authorAs: Visitor;
let free: ReadyItem;
let vipAlbum: string;
let vip: ReadyItem;

/** A new album holding one ready episode with the given access. */
async function albumWith(access: EpisodeAccess): Promise<{ album: string; episode: ReadyItem }> {
  const album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
  await t.db.insertInto('albums').values({ item_id: album, album_type: 2 }).execute();
  const episode = await createMediaItem(t, author, { item: { itemType: ItemType.Episode } });
  await t.db
    .insertInto('album_episodes')
    .values({
      album_id: album,
      item_id: episode.itemId,
      seq: 1,
      opening_ms: null,
      ending_ms: null,
      access,
      price_fen: null,
    })
    .execute();
  return { album, episode };
}

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
  authorAs = await t.signedIn(author);
  free = await createMediaItem(t, author);
  ({ album: vipAlbum, episode: vip } = await albumWith(EpisodeAccess.Vip));
  // The worker cuts the members-only episode's preview, as on a running site.
  const queue = new DatabaseJobQueue({ db: t.db, newId: t.newId, leaseMs: 60_000 });
  expect(await queueMissingTrials(t.db, queue)).toBe(1);
  const worker = queue.createWorker([trialPackageJob({ db: t.db, dataDir: t.dataDir })], {
    required: [TRIAL_PACKAGE_JOB],
    log: () => undefined,
  });
  expect(await worker.runOnce()).toBe(true);
  await queue.close();
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function ask(mixId: string, as?: Visitor) {
  const res = await t.app.inject({
    url: `${getIframeAccessibility.path}?mixId=${encodeURIComponent(mixId)}`,
    headers: as?.headers ?? {},
  });
  return { status: res.statusCode, body: res.json<{ code: number; data: IframeAccessibility }>() };
}

describe('GET /api/otherv2/get_iframe_accessibility', () => {
  it('answers a free video: embeddable, played whole, at /iframe/<id>', async () => {
    const { status, body } = await ask(free.itemId);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      mix_id: free.itemId,
      item_id: free.itemId,
      embeddable: true,
      playback: 'full',
      iframe_path: `/iframe/${free.itemId}`,
    });
  });

  it('answers a members-only episode and its album with the preview, even to a member', async () => {
    for (const mixId of [vip.itemId, vipAlbum]) {
      const { status, body } = await ask(mixId, authorAs);
      expect(status, mixId).toBe(200);
      expect(body.data, mixId).toMatchObject({
        mix_id: mixId,
        item_id: vip.itemId,
        embeddable: true,
        playback: 'preview',
      });
    }
  });

  it('answers a video with nothing to play yet as not embeddable', async () => {
    // A catalogue item without media: the video page shows its status, the frame nothing.
    const bare = await createItem(t.db, t.newId, author);
    const { status, body } = await ask(bare);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ embeddable: false, playback: 'unavailable' });
  });

  it('answers 404 for unknown, deleted, private and unfinished videos, to their author too', async () => {
    const hidden = await Promise.all(
      HIDDEN_ITEMS.map((state) => createItemIn(t.db, t.newId, author, state)),
    );
    for (const mixId of ['1234567890123456789', ...hidden]) {
      for (const as of [undefined, authorAs]) {
        const { status, body } = await ask(mixId, as);
        expect(status, mixId).toBe(404);
        expect(body, mixId).toMatchObject({ code: 404, data: null });
      }
    }
  });

  it('refuses a missing, malformed or oversize id with 400 in the envelope', async () => {
    const bare = await t.app.inject({ url: getIframeAccessibility.path });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 400, data: null });
    for (const mixId of ['abc', '0123456789012345678', '1'.repeat(27), '']) {
      const { status, body } = await ask(mixId);
      expect(status, mixId).toBe(400);
      expect(body, mixId).toMatchObject({ code: 400, data: null });
    }
  });
});
