import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Visibility } from '@melon/db/enums';
import { getVideoDetails, getVideoResourceByRefreshToken } from '@melon/shared/calls/video.calls';
import type { VideoDetails, VideoResource } from '@melon/shared/contracts/video';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import { createUser } from '../../testing/factories.ts';
import { createMediaItem, type ReadyItem } from '../../testing/media-factory.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/*
 * The media files as the video calls hand them out: signed package URLs that expire, on the
 * main and the backup origin, and the public files beside them.
 */

vi.setConfig({ testTimeout: 30_000 });

let t: TestApp;
let author: string;
let ready: ReadyItem;
let hfr: ReadyItem;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId, { name: '视频作者' });
  ready = await createMediaItem(t, author);
  hfr = await createMediaItem(t, author, { fixture: 'highFrameRate' });
}, 180_000);
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Envelope<T> = { code: number; message: string; data: T };

async function call<T>(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

async function details(itemId: string): Promise<VideoDetails> {
  const res = await call<VideoDetails>(`${getVideoDetails.path}?group_id=${itemId}&aid=1768`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

function decoded(encoded: string): string {
  const url = decodeVideoUrl(encoded);
  expect(url, encoded).not.toBeNull();
  return url ?? '';
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

const resolve = (relative: string, base: string) =>
  new URL(relative, `http://melon${base}`).pathname;

describe('signed media URLs', () => {
  async function manifestUrl(item = ready) {
    const resource = (await details(item.itemId)).video_resource;
    if (!resource) throw new Error('no resource');
    return decoded(resource.dash_url);
  }

  it('refuses an expired URL with 403, on both origins, and the refreshed one works', async () => {
    const resource = (await details(ready.itemId)).video_resource;
    if (!resource) throw new Error('no resource');
    const url = decoded(resource.dash_url);
    const segment = resolve('seg-0-00001.m4s', url);
    vi.useFakeTimers({ toFake: ['Date'], now: (resource.url_expire + 1) * 1000 });
    for (const expired of [url, segment, url.replace('/media/', '/media-backup/')]) {
      const res = await get(expired);
      expect(res.statusCode, expired).toBe(403);
      expect(res.json()).toMatchObject({
        code: 403,
        message: '链接已过期，请刷新页面',
        data: null,
      });
    }
    const refreshed = await call<VideoResource>(
      `${getVideoResourceByRefreshToken.path}?refreshToken=${resource.refresh_token}&aid=1768`,
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.url_expire).toBeGreaterThan(resource.url_expire);
    const fresh = decoded(refreshed.body.data.dash_url);
    expect(fresh).not.toBe(url);
    expect((await get(fresh)).statusCode).toBe(200);
    expect((await get(resolve('seg-0-00001.m4s', fresh))).statusCode).toBe(200);
  });

  it('refuses a bad signature, a signature of another directory and a changed expiry', async () => {
    const url = await manifestUrl();
    const other = await manifestUrl(hfr);
    const [, , , expires = '', sig = ''] = url.split('/');
    const [, , , otherExpires = '', otherSig = ''] = other.split('/');
    const tampered = [
      url.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      url.replace(`/${expires}/`, `/${Number(expires) + 900}/`),
      url.replace(`/${expires}/${sig}/`, `/${otherExpires}/${otherSig}/`),
      url.replace(sig, 'short'),
      url.replace(`/${expires}/`, '/999/'),
      url.replace(ready.packageName, hfr.packageName),
    ];
    for (const bad of tampered) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, message: '链接签名无效', data: null });
    }
  });

  it('never serves a package without a valid token', async () => {
    for (const url of [
      `/media/v/${ready.itemId}/${ready.packageName}/manifest.mpd`,
      `/media/v/${ready.itemId}/${ready.packageName}/seg-0-00001.m4s`,
      `/media-backup/v/${ready.itemId}/${ready.packageName}/master.m3u8`,
      `/media/v/${ready.itemId}/${ready.derivedName}/../${ready.packageName}/manifest.mpd`,
      `/media/covers/../v/${ready.itemId}/${ready.packageName}/manifest.mpd`,
      `/media/v/${ready.itemId}/${ready.packageName}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get('/media/s/whatever')).statusCode).toBe(403);
  });

  it('serves nothing of an item whose media is no longer ready or that was deleted', async () => {
    const item = await createMediaItem(t, author);
    const url = await manifestUrl(item);
    const cover = (await details(item.itemId)).cover_url;
    expect((await get(url)).statusCode).toBe(200);
    await t.db
      .updateTable('item_media')
      .set({ state: 'processing' })
      .where('item_id', '=', item.itemId)
      .execute();
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(resolve('seg-0-00001.m4s', url))).statusCode).toBe(404);
    expect((await get(cover)).statusCode).toBe(404);
    await t.db
      .updateTable('item_media')
      .set({ state: 'ready' })
      .where('item_id', '=', item.itemId)
      .execute();
    expect((await get(url)).statusCode).toBe(200);
    await t.db
      .updateTable('items')
      .set({ visibility: Visibility.Delete })
      .where('id', '=', item.itemId)
      .execute();
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(cover)).statusCode).toBe(404);
  });

  it('answers 404 for a file the package does not have', async () => {
    const url = await manifestUrl();
    for (const name of ['seg-9-00001.m4s', '.hidden', 'nothing.mpd']) {
      expect((await get(resolve(name, url))).statusCode, name).toBe(404);
    }
  });

  it('serves the files of the public directories, and no file beside them', async () => {
    await mkdir(path.join(t.dataDir, 'media', 'avatars'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'media', 'avatars', 'plain.txt'), 'hello');
    await writeFile(path.join(t.dataDir, 'media', 'plain.txt'), 'hello');
    const res = await get('/media/avatars/plain.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/media-backup/avatars/plain.txt')).body).toBe('hello');
    expect((await get('/media/avatars/missing.txt')).statusCode).toBe(404);
    // A file at the top of the store, or in a directory that is not a public one, is not there.
    expect((await get('/media/plain.txt')).statusCode).toBe(404);
  });
});
