import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EpisodeAccess, ItemType } from '@melon/db/enums';
import type { VideoDetails, VideoResource } from '@melon/shared/contracts/video';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import { getVideoDetails, getVideoResourceByRefreshToken } from '@melon/shared/calls/video.calls';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createMediaItem, type ReadyItem } from '../../testing/media-factory.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { signedDir, signMediaDir, signMemberMediaDir } from '../media-files/signed-url.ts';
import { extendMembership, grantPaidEpisode } from './membership.repository.ts';
import { queueMissingTrials, TRIAL_PACKAGE_JOB, trialPackageJob } from './trial-job.ts';

/*
 * Decision 050 where the bytes are served, on the dialect under test, with a real transcoded
 * package and a preview really cut from it by the trial_package job: a non-member is given the
 * preview's URLs only and is refused the full package; a member's URLs are bound to them,
 * short-lived, privately cached and re-checked on every request.
 */

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let queue: DatabaseJobQueue;
let author: string;
let vip: ReadyItem;
let paid: ReadyItem;
let member: { id: string; as: Visitor };
let other: { id: string; as: Visitor };

async function userSignedIn() {
  const id = await createUser(t.db, t.newId);
  return { id, as: await t.signedIn(id) };
}

/** A ready episode (the 3 s fixture) of a new album, with the given access. */
async function episode(access: EpisodeAccess, priceFen: number | null = null): Promise<ReadyItem> {
  const album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
  await t.db.insertInto('albums').values({ item_id: album, album_type: 2 }).execute();
  const ready = await createMediaItem(t, author, { item: { itemType: ItemType.Episode } });
  await t.db
    .insertInto('album_episodes')
    .values({
      album_id: album,
      item_id: ready.itemId,
      seq: 1,
      opening_ms: null,
      ending_ms: null,
      access,
      price_fen: priceFen,
    })
    .execute();
  return ready;
}

async function details(itemId: string, as?: Visitor): Promise<VideoDetails> {
  const res = await t.app.inject({
    url: `${getVideoDetails.path}?group_id=${itemId}`,
    headers: as?.headers ?? {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: VideoDetails }>().data;
}

async function resourceOf(itemId: string, as?: Visitor): Promise<VideoResource> {
  const resource = (await details(itemId, as)).video_resource;
  if (!resource) throw new Error('no video resource');
  return resource;
}

/** Every decoded URL of a resource. */
function urlsOf(resource: VideoResource): string[] {
  const encoded = [
    resource.dash_url,
    resource.dash_backup_url,
    resource.hls_url,
    resource.hls_backup_url,
    resource.dynamic_video.main_url,
    resource.dynamic_video.backup_url_1,
    ...resource.video_list.flatMap((r) => [r.main_url, r.backup_url_1]),
    ...resource.dynamic_video.dynamic_video_list.flatMap((r) => [r.main_url, r.backup_url_1]),
    ...resource.dynamic_video.dynamic_audio_list.flatMap((r) => [r.main_url, r.backup_url_1]),
  ];
  return encoded.map((url) => decodeVideoUrl(url) ?? 'undecodable');
}

const fileBeside = (manifestUrl: string, file: string) => manifestUrl.replace(/[^/]+$/, file);

async function get(url: string, as?: Visitor) {
  return t.app.inject({ url, headers: as ? { cookie: as.cookie } : {} });
}

/** A full-package URL signed as a free item's would be (the public token). */
function publicTokenUrl(item: ReadyItem, file: string): string {
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const sig = signMediaDir(t.secret, signedDir(item.itemId, item.packageName), expires);
  return `/media/s/${expires}/${sig}/v/${item.itemId}/${item.packageName}/${file}`;
}

beforeAll(async () => {
  t = await createTestApp();
  queue = new DatabaseJobQueue({ db: t.db, newId: t.newId, leaseMs: 60_000 });
  author = await createUser(t.db, t.newId);
  vip = await episode(EpisodeAccess.Vip);
  paid = await episode(EpisodeAccess.Paid, 300);
  member = await userSignedIn();
  other = await userSignedIn();
  await extendMembership(t.db, member.id, 30, Date.now());
  // The worker cuts both previews from the real packages.
  expect(await queueMissingTrials(t.db, queue)).toBe(2);
  const worker = queue.createWorker([trialPackageJob({ db: t.db, dataDir: t.dataDir })], {
    required: [TRIAL_PACKAGE_JOB],
    log: () => undefined,
  });
  expect(await worker.runOnce()).toBe(true);
  expect(await worker.runOnce()).toBe(true);
}, 120_000);
afterAll(async () => {
  await queue.close();
  await t.close();
});

describe('a viewer limited to the preview', () => {
  it('is given the preview package’s URLs only, with what limits them', async () => {
    for (const as of [undefined, other.as]) {
      const resource = await resourceOf(vip.itemId, as);
      expect(resource.preview).toEqual({ clip_end: 1, reason: 'vip', price_fen: null });
      expect(resource.video_duration).toBe(1);
      const urls = urlsOf(resource);
      expect(
        urls.every((url) => /^\/media(-backup)?\/s\/\d+\/[\w-]+\/v\/\d+\/trial-/.test(url)),
      ).toBe(true);
      expect(urls.some((url) => url.includes(vip.packageName))).toBe(false);
      // The preview keeps the lower rungs: here both of the fixture's (360p, 480p) and the audio.
      expect(resource.video_list.map((r) => r.definition)).toEqual(['360p', '480p']);
      expect(resource.dynamic_video.dynamic_audio_list).toHaveLength(1);
    }
  });

  it('plays the preview: its manifests and segments are served', async () => {
    const resource = await resourceOf(vip.itemId);
    const manifest = decodeVideoUrl(resource.dash_url) ?? '';
    const mpd = await get(manifest);
    expect(mpd.statusCode).toBe(200);
    expect(mpd.body).toContain('<MPD');
    const segment = await get(fileBeside(manifest, 'seg-0-00001.m4s'));
    expect(segment.statusCode).toBe(200);
    const audio = await get(fileBeside(decodeVideoUrl(resource.hls_url) ?? '', 'media_2.m3u8'));
    expect(audio.statusCode).toBe(200);
  });

  it('gets 403 for the full package, with any token it can come by', async () => {
    for (const as of [undefined, other.as]) {
      const refused = await get(publicTokenUrl(vip, 'seg-0-00001.m4s'), as);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 403,
        message: '开通会员或购买本集后可观看完整视频',
      });
      expect((await get(publicTokenUrl(vip, 'manifest.mpd'), as)).statusCode).toBe(403);
    }
    // Its own member URL, signed for it, still finds no right behind it.
    const expires = Math.floor(Date.now() / 1000) + 600;
    const sig = signMemberMediaDir(
      t.secret,
      signedDir(vip.itemId, vip.packageName),
      expires,
      other.id,
    );
    const own = `/media/m/${expires}/${other.id}/${sig}/v/${vip.itemId}/${vip.packageName}/seg-0-00001.m4s`;
    expect((await get(own, other.as)).statusCode).toBe(403);
  });

  it('cannot buy full URLs with the refresh token, even a member’s', async () => {
    const token = (await resourceOf(vip.itemId, member.as)).refresh_token;
    for (const as of [undefined, other.as]) {
      const res = await t.app.inject({
        url: `${getVideoResourceByRefreshToken.path}?refreshToken=${token}`,
        headers: as?.headers ?? {},
      });
      expect(res.statusCode).toBe(200);
      const resource = res.json<{ data: VideoResource }>().data;
      expect(resource.preview?.reason).toBe('vip');
      expect(urlsOf(resource).some((url) => url.includes(vip.packageName))).toBe(false);
    }
  });

  it('of a paid episode learns its price; a member who did not buy it too', async () => {
    for (const as of [undefined, member.as]) {
      const resource = await resourceOf(paid.itemId, as);
      expect(resource.preview).toEqual({ clip_end: 1, reason: 'paid', price_fen: 300 });
    }
  });
});

describe('a member', () => {
  it('is given the full package under URLs bound to them, living minutes', async () => {
    const resource = await resourceOf(vip.itemId, member.as);
    expect(resource.preview).toBeNull();
    expect(resource.video_duration).toBe(3);
    const urls = urlsOf(resource);
    const bound = new RegExp(
      `^/media(-backup)?/m/\\d{10}/${member.id}/[\\w-]{43}/v/${vip.itemId}/${vip.packageName}/`,
    );
    expect(urls.every((url) => bound.test(url))).toBe(true);
    const ttl = resource.url_expire - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(9 * 60);
    expect(ttl).toBeLessThanOrEqual(15 * 60);
  });

  it('is served the files, privately cached, on the main and backup origins', async () => {
    const resource = await resourceOf(vip.itemId, member.as);
    for (const manifest of [resource.dash_url, resource.dash_backup_url].map(decodeVideoUrl)) {
      const mpd = await get(manifest ?? '', member.as);
      expect(mpd.statusCode).toBe(200);
      expect(mpd.headers['cache-control']).toBe('private, no-cache');
      const segment = await get(fileBeside(manifest ?? '', 'seg-1-00001.m4s'), member.as);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['cache-control']).toBe('private, max-age=600');
      expect(segment.headers['set-cookie']).toBeUndefined();
    }
  });

  it('’s link refuses another user and a signed-out browser (a borrowed link)', async () => {
    const manifest = decodeVideoUrl((await resourceOf(vip.itemId, member.as)).dash_url) ?? '';
    const segment = fileBeside(manifest, 'seg-0-00001.m4s');
    const borrowed = await get(segment, other.as);
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json()).toMatchObject({ message: '该链接不属于当前登录账号' });
    expect((await get(segment)).statusCode).toBe(403);
    // Another member's session does not make it theirs either.
    const second = await userSignedIn();
    await extendMembership(t.db, second.id, 30, Date.now());
    expect((await get(segment, second.as)).statusCode).toBe(403);
  });

  it('’s link refuses once expired, and when altered', async () => {
    const dir = signedDir(vip.itemId, vip.packageName);
    const past = Math.floor(Date.now() / 1000) - 1;
    const sig = signMemberMediaDir(t.secret, dir, past, member.id);
    const expired = `/media/m/${past}/${member.id}/${sig}/v/${vip.itemId}/${vip.packageName}/seg-0-00001.m4s`;
    const res = await get(expired, member.as);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: '链接已过期，请刷新页面' });
    // The same signature with another user in the path is not a valid one.
    const future = past + 601;
    const good = signMemberMediaDir(t.secret, dir, future, member.id);
    const swapped = `/media/m/${future}/${other.id}/${good}/v/${vip.itemId}/${vip.packageName}/seg-0-00001.m4s`;
    expect((await get(swapped, other.as)).json()).toMatchObject({ message: '链接签名无效' });
  });

  it('whose membership expired is refused by the segments and given the preview again', async () => {
    const lapsing = await userSignedIn();
    await extendMembership(t.db, lapsing.id, 30, Date.now());
    const manifest = decodeVideoUrl((await resourceOf(vip.itemId, lapsing.as)).dash_url) ?? '';
    // The URLs were issued while valid; the membership ends before they are used.
    await t.db
      .updateTable('vip_memberships')
      .set({ expires_at: Date.now() - DAY })
      .where('user_id', '=', lapsing.id)
      .execute();
    expect((await get(fileBeside(manifest, 'seg-0-00001.m4s'), lapsing.as)).statusCode).toBe(403);
    expect((await resourceOf(vip.itemId, lapsing.as)).preview?.reason).toBe('vip');
  });

  it('renews the bound URLs with the refresh token, which re-checks the membership', async () => {
    const token = (await resourceOf(vip.itemId, member.as)).refresh_token;
    const res = await t.app.inject({
      url: `${getVideoResourceByRefreshToken.path}?refreshToken=${token}`,
      headers: member.as.headers,
    });
    const resource = res.json<{ data: VideoResource }>().data;
    expect(resource.preview).toBeNull();
    expect(urlsOf(resource).every((url) => url.includes(`/m/`) && url.includes(member.id))).toBe(
      true,
    );
  });
});

describe('full playback without membership', () => {
  it('for the buyer of a paid episode and for the author', async () => {
    const buyer = await userSignedIn();
    await grantPaidEpisode(t.db, {
      userId: buyer.id,
      itemId: paid.itemId,
      orderId: t.newId(),
      nowMs: Date.now(),
    });
    const bought = await resourceOf(paid.itemId, buyer.as);
    expect(bought.preview).toBeNull();
    const manifest = decodeVideoUrl(bought.dash_url) ?? '';
    expect((await get(fileBeside(manifest, 'seg-0-00001.m4s'), buyer.as)).statusCode).toBe(200);

    const own = await resourceOf(vip.itemId, await t.signedIn(author));
    expect(own.preview).toBeNull();
    expect(urlsOf(own).every((url) => url.includes(`/m/`) && url.includes(author))).toBe(true);
  });

  it('a free item keeps its public, immutable URLs', async () => {
    const free = await createMediaItem(t, author);
    const resource = await resourceOf(free.itemId);
    expect(resource.preview).toBeNull();
    const manifest = decodeVideoUrl(resource.dash_url) ?? '';
    expect(manifest).toMatch(/^\/media\/s\//);
    const segment = await get(fileBeside(manifest, 'seg-0-00001.m4s'));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('before the preview is cut', () => {
  it('a non-member is given no URLs at all, a member the full package', async () => {
    const pending = await episode(EpisodeAccess.Vip);
    const visitor = await details(pending.itemId);
    expect(visitor.video_resource).toBeNull();
    expect(visitor.status).toBe('processing');
    expect((await resourceOf(pending.itemId, member.as)).preview).toBeNull();
  });
});
