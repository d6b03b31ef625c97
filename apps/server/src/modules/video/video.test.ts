import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ItemType, Visibility } from '@melon/db/enums';
import { isRepresentationFile } from '@melon/media/package-layout';
import {
  dashRepresentations,
  hlsRepresentation,
  streamFacts,
} from '@melon/media/testing/inspect-package';
import type {
  MixInformation,
  PreviewVideo,
  VideoDetails,
  VideoResource,
} from '@melon/shared/contracts/video';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import {
  getMixInformation,
  getPreviewVideo,
  getVideoDetails,
  getVideoResourceByRefreshToken,
} from '@melon/shared/calls/video.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createMediaItem, type ReadyItem } from '../../testing/media-factory.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MEDIA_URL_TTL_S } from '../media-files/signed-url.ts';

// ffprobe runs on the served segments: a busy 2-core machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

let t: TestApp;
let author: string;
let ready: ReadyItem;
let hfr: ReadyItem;
let scratch: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId, { name: '视频作者' });
  await t.db
    .updateTable('users')
    .set({ description: '作者简介', followers_count: 12_345, user_auth_info: '{"auth_type":"1"}' })
    .where('id', '=', author)
    .execute();
  ready = await createMediaItem(t, author, { item: { title: '标准测试视频' } });
  hfr = await createMediaItem(t, author, { fixture: 'highFrameRate' });
  scratch = await mkdtemp(path.join(tmpdir(), 'melon-delivery-'));
}, 180_000);
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

type Envelope<T> = { code: number; message: string; data: T; field?: string };

async function call<T>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

async function details(itemId: string, headers: Record<string, string> = {}) {
  const res = await call<VideoDetails>(
    `${getVideoDetails.path}?group_id=${itemId}&aid=1768`,
    headers,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

function decoded(encoded: string): string {
  const url = decodeVideoUrl(encoded);
  expect(url, encoded).not.toBeNull();
  return url ?? '';
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const resolve = (relative: string, base: string) =>
  new URL(relative, `http://melon${base}`).pathname;

/** Fetches a representation's files over HTTP into one file and asks ffprobe what it is. */
async function probeOverHttp(base: string, listed: { init: string; media: string[] }) {
  const parts = [];
  for (const name of [listed.init, ...listed.media]) {
    const res = await get(resolve(name, base));
    expect(res.statusCode, name).toBe(200);
    parts.push(res.rawPayload);
  }
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.mp4`);
  await writeFile(file, Buffer.concat(parts));
  return streamFacts(file);
}

async function packageBytes(item: ReadyItem, representation: number): Promise<number> {
  let total = 0;
  for (const name of await readdir(item.packagePath)) {
    if (isRepresentationFile(name, representation)) {
      total += (await stat(path.join(item.packagePath, name))).size;
    }
  }
  return total;
}

describe('GET /api/videov2/details', () => {
  it('answers every field of a ready video', async () => {
    const tag = t.newId();
    await t.db.insertInto('tags').values({ id: tag, name: '测试标签' }).execute();
    await t.db.insertInto('item_tags').values({ item_id: ready.itemId, tag_id: tag }).execute();
    const before = Math.floor(Date.now() / 1000);
    const data = await details(ready.itemId);
    const item = await t.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', ready.itemId)
      .executeTakeFirstOrThrow();

    expect(data).toMatchObject({
      group_id: ready.itemId,
      item_id: ready.itemId,
      item_type: ItemType.ShortVideo,
      title: '标准测试视频',
      abstract: '简介',
      publish_time: Math.floor(item.publish_time / 1000),
      play_count: 123_456,
      digg_count: 0,
      comment_count: 0,
      favorite_count: 0,
      danmaku_count: 0,
      tag: '测试标签',
      tags: [{ tag_id: tag, name: '测试标签' }],
      is_vr: false,
      status: 'ready',
      status_message: '',
      series: null,
      album: null,
      user_info: {
        user_id: author,
        name: '视频作者',
        description: '作者简介',
        followers_count: 12_345,
        follow: false,
        user_auth_info: { auth_type: '1' },
      },
      channel: { channel_id: String(item.channel_id) },
    });
    expect(data.duration).toBeCloseTo(3, 1);
    expect(String(data.publish_time)).toMatch(/^\d{10}$/);
    expect(data.channel?.name).not.toBe('');

    // Covers, preview and storyboard are public files of the derived directory.
    for (const [url, type] of [
      [data.cover_url, 'image/webp'],
      [data.cover_middle_url, 'image/webp'],
      [data.preview_url ?? '', 'video/mp4'],
      [data.storyboard?.vtt_url ?? '', 'text/vtt; charset=utf-8'],
      ...(data.storyboard?.sheets ?? []).map((sheet) => [sheet, 'image/jpeg']),
    ] as const) {
      expect(url).toMatch(new RegExp(`^/media/v/${ready.itemId}/${ready.derivedName}/`));
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe(type);
    }
    expect(data.storyboard).toMatchObject({
      interval: 2,
      columns: 10,
      count: ready.fixture.derived.storyboard.count,
    });

    const resource = data.video_resource;
    expect(resource).not.toBeNull();
    if (!resource) return;
    expect(resource.item_id).toBe(ready.itemId);
    expect(resource.video_duration).toBeCloseTo(3, 1);
    expect(String(resource.url_expire)).toMatch(/^\d{10}$/);
    expect(resource.url_expire).toBeGreaterThanOrEqual(before + MEDIA_URL_TTL_S);
    expect(resource.url_expire).toBeLessThanOrEqual(before + MEDIA_URL_TTL_S + 15 * 60 + 1);
    expect(resource.max_fps).toBe(30);
    expect(resource.subtitle_langs).toEqual([]);
    expect(resource.extraInfos).toEqual({ LogoType: '' });
    expect(resource.video_list.map((v) => v.definition)).toEqual(['360p', '480p']);
    expect(resource.video_list.map((v) => v.definition_label)).toEqual(['标清', '标清']);
    expect(resource.dynamic_video.dynamic_video_list).toEqual(resource.video_list);
    expect(resource.dynamic_video.dynamic_audio_list).toHaveLength(1);
    expect(resource.dynamic_video.main_url).toBe(resource.dash_url);
    expect(resource.dynamic_video.backup_url_1).toBe(resource.dash_backup_url);
    const fileIds = [
      ...resource.video_list.map((v) => v.file_id),
      ...resource.dynamic_video.dynamic_audio_list.map((a) => a.file_id),
    ];
    expect(new Set(fileIds).size).toBe(3);
    for (const id of fileIds) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists renditions whose numbers match the files they point at', async () => {
    const resource = (await details(ready.itemId)).video_resource;
    if (!resource) throw new Error('no resource');
    for (const video of resource.video_list) {
      expect(video.url_expire).toBe(resource.url_expire);
      expect(video.codec).toBe('h264');
      expect(video.hfr_variant).toBe(false);
      const playlistUrl = decoded(video.main_url);
      const playlist = await get(playlistUrl);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const listed = hlsRepresentation(playlist.body);
      const facts = await probeOverHttp(playlistUrl, listed);
      expect(facts).toMatchObject({ codec: 'h264', width: video.vwidth, height: video.vheight });
      expect(Math.round(facts.fps)).toBe(video.fps);
      expect(video.fps).toBe(30);
      const bytes = await packageBytes(ready, Number(video.representation_id));
      expect(video.size).toBe(bytes);
      expect(video.bitrate).toBe(Math.round((bytes * 8) / ready.fixture.transcoded.duration));
    }
    expect(resource.video_list.map((v) => [v.vwidth, v.vheight])).toEqual([
      [640, 360],
      [854, 480],
    ]);
    const [audio] = resource.dynamic_video.dynamic_audio_list;
    if (!audio) throw new Error('no audio');
    expect(audio.codec).toBe('aac');
    const audioUrl = decoded(audio.main_url);
    const audioFacts = await probeOverHttp(audioUrl, hlsRepresentation((await get(audioUrl)).body));
    expect(audioFacts).toMatchObject({ codec: 'aac', sampleRate: 48_000 });
    expect(audio.size).toBe(await packageBytes(ready, Number(audio.representation_id)));
  });

  it('signs the DASH manifest and every segment it references, on both origins', async () => {
    const resource = (await details(ready.itemId)).video_resource;
    if (!resource) throw new Error('no resource');
    const dashUrl = decoded(resource.dash_url);
    const backupUrl = decoded(resource.dash_backup_url);
    expect(dashUrl).toMatch(
      new RegExp(
        `^/media/s/${resource.url_expire}/[A-Za-z0-9_-]{43}/v/${ready.itemId}/${ready.packageName}/manifest\\.mpd$`,
      ),
    );
    expect(backupUrl).toBe(dashUrl.replace(/^\/media\//, '/media-backup/'));
    const mpd = await get(dashUrl);
    expect(mpd.statusCode).toBe(200);
    expect(mpd.headers['content-type']).toBe('application/dash+xml');
    expect(mpd.headers['cache-control']).toBe('no-cache');
    expect(mpd.headers.etag).toBeTruthy();
    const backupMpd = await get(backupUrl);
    expect(backupMpd.statusCode).toBe(200);
    expect(backupMpd.body).toBe(mpd.body);
    const revalidated = await get(dashUrl, { 'if-none-match': String(mpd.headers.etag) });
    expect(revalidated.statusCode).toBe(304);

    const representations = dashRepresentations(mpd.body);
    expect([...representations.keys()].sort()).toEqual([0, 1, 2]);
    for (const [id, listed] of representations) {
      const facts = await probeOverHttp(dashUrl, listed);
      if (id === 2) expect(facts.codec).toBe('aac');
      else expect([facts.width, facts.height]).toEqual(id === 0 ? [640, 360] : [854, 480]);
      for (const name of [listed.init, ...listed.media]) {
        const main = await get(resolve(name, dashUrl));
        const backup = await get(resolve(name, backupUrl));
        expect(backup.statusCode, name).toBe(200);
        expect(backup.rawPayload.equals(main.rawPayload)).toBe(true);
      }
    }
    const firstSegment = resolve(representations.get(1)?.media[0] ?? '', dashUrl);
    const segment = await get(firstSegment);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(segment.headers['accept-ranges']).toBe('bytes');
    expect(segment.headers['set-cookie']).toBeUndefined();
    const head = await t.app.inject({ method: 'HEAD', url: firstSegment });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(segment.rawPayload.length));
    const ranged = await get(firstSegment, { range: 'bytes=100-1123' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1123/${segment.rawPayload.length}`);
    expect(ranged.rawPayload.equals(segment.rawPayload.subarray(100, 1124))).toBe(true);
    const tail = await get(firstSegment, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(segment.rawPayload.subarray(-10))).toBe(true);
    const beyond = await get(firstSegment, { range: `bytes=${segment.rawPayload.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('serves the HLS master playlist whose relative media playlists keep the token', async () => {
    const resource = (await details(ready.itemId)).video_resource;
    if (!resource) throw new Error('no resource');
    const masterUrl = decoded(resource.hls_url);
    expect(decoded(resource.hls_backup_url)).toBe(masterUrl.replace('/media/', '/media-backup/'));
    const master = await get(masterUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toBe('no-cache');
    const playlists = master.body.split('\n').filter((line) => line.endsWith('.m3u8'));
    expect(playlists.length).toBeGreaterThanOrEqual(2);
    for (const name of playlists) {
      const url = resolve(name, masterUrl);
      const playlist = await get(url);
      expect(playlist.statusCode, url).toBe(200);
      const listed = hlsRepresentation(playlist.body);
      const res = await get(resolve(listed.media.at(-1) ?? '', url));
      expect(res.statusCode).toBe(200);
    }
  });

  it('lists the 120 fps variant in dynamic_video_list only, for a source above 100 fps', async () => {
    const resource = (await details(hfr.itemId)).video_resource;
    if (!resource) throw new Error('no resource');
    expect(resource.max_fps).toBe(120);
    expect(resource.video_list.map((v) => [v.fps, v.hfr_variant])).toEqual([[60, false]]);
    const dynamic = resource.dynamic_video.dynamic_video_list;
    expect(dynamic.map((v) => [v.fps, v.hfr_variant])).toEqual([
      [60, false],
      [120, true],
    ]);
    const variant = dynamic[1];
    if (!variant) throw new Error('no variant');
    const url = decoded(variant.main_url);
    const facts = await probeOverHttp(url, hlsRepresentation((await get(url)).body));
    expect(Math.round(facts.fps)).toBe(120);
    expect([facts.width, facts.height]).toEqual([variant.vwidth, variant.vheight]);
  });

  it('answers its author 视频转码中 for an item still processing, and failed with the reason', async () => {
    const asAuthor = (await t.signedIn(author)).headers;
    const processing = await createMediaItem(t, author, { state: 'processing' });
    const data = await details(processing.itemId, asAuthor);
    expect(data).toMatchObject({
      status: 'processing',
      status_message: '视频转码中，请稍后再来',
      video_resource: null,
      storyboard: null,
      preview_url: null,
    });
    const failed = await createMediaItem(t, author, { state: 'failed' });
    expect(await details(failed.itemId, asAuthor)).toMatchObject({
      status: 'failed',
      status_message: '无法识别的视频编码',
      video_resource: null,
    });
    const noMedia = await createItem(t.db, t.newId, author);
    expect(await details(noMedia)).toMatchObject({
      status: 'failed',
      status_message: '该视频暂无可播放的资源',
      video_resource: null,
    });
    const broken = await createMediaItem(t, author);
    await t.db
      .updateTable('item_media')
      .set({ package_dir: `v/${ready.itemId}/../../../etc` })
      .where('item_id', '=', broken.itemId)
      .execute();
    expect(await details(broken.itemId)).toMatchObject({ status: 'failed', video_resource: null });
  });

  it('accepts item_id in place of group_id', async () => {
    const res = await call<VideoDetails>(`${getVideoDetails.path}?item_id=${ready.itemId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.group_id).toBe(ready.itemId);
  });

  it('answers 404 to anyone else for a video still processing or failed', async () => {
    const stranger = await t.signedIn(await createUser(t.db, t.newId));
    for (const state of ['processing', 'failed'] as const) {
      const { itemId } = await createMediaItem(t, author, { state });
      for (const headers of [{}, stranger.headers]) {
        const res = await call<null>(`${getVideoDetails.path}?group_id=${itemId}`, headers);
        expect(res.status, state).toBe(404);
        expect(res.body).toMatchObject({ code: 404, message: '视频不存在', data: null });
      }
    }
  });

  it('answers 404 for unknown, deleted and other people’s private items', async () => {
    const deleted = await createItem(t.db, t.newId, author, { visibility: Visibility.Delete });
    const own = await createItem(t.db, t.newId, author, { visibility: Visibility.Self });
    const album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
    for (const id of ['1234567890123456789', deleted, own, album]) {
      const res = await call<null>(`${getVideoDetails.path}?group_id=${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 404, message: '视频不存在', data: null });
    }
    const stranger = await t.signedIn(await createUser(t.db, t.newId));
    expect((await call(`${getVideoDetails.path}?group_id=${own}`, stranger.headers)).status).toBe(
      404,
    );
    const asAuthor = await t.signedIn(author);
    expect((await details(own, asAuthor.headers)).item_id).toBe(own);
  });

  it.each([
    ['', 'group_id'],
    ['?group_id=abc', 'group_id'],
    ['?group_id=0123456789012345678', 'group_id'],
    ['?group_id=123', 'group_id'],
    ['?group_id=123456789012345678901234567', 'group_id'],
    ['?item_id=12x4567890123456789', 'item_id'],
  ])('refuses malformed ids %j with 400 naming %s', async (query, field) => {
    const res = await call<null>(`${getVideoDetails.path}${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, data: null, field });
  });
});

describe('GET /api/videov2/getVideoResourceByRefreshToken', () => {
  it('answers a fresh resource for the same item', async () => {
    const resource = (await details(ready.itemId)).video_resource;
    if (!resource) throw new Error('no resource');
    const res = await call<VideoResource>(
      `${getVideoResourceByRefreshToken.path}?refreshToken=${resource.refresh_token}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.item_id).toBe(ready.itemId);
    expect(res.body.data.video_list.map((v) => v.file_id)).toEqual(
      resource.video_list.map((v) => v.file_id),
    );
  });

  it('refuses a tampered or malformed token with 400, an expired one with 403', async () => {
    const resource = (await details(ready.itemId)).video_resource;
    if (!resource) throw new Error('no resource');
    const [id = '', expires = '', sig = ''] = resource.refresh_token.split('.');
    for (const bad of [
      `${hfr.itemId}.${expires}.${sig}`,
      `${id}.${Number(expires) + 1}.${sig}`,
      'garbage',
      '',
    ]) {
      const res = await call<null>(
        `${getVideoResourceByRefreshToken.path}?refreshToken=${encodeURIComponent(bad)}`,
      );
      expect(res.status, bad).toBe(400);
      expect(res.body.field).toBe('refreshToken');
    }
    const tooLong = await call<null>(
      `${getVideoResourceByRefreshToken.path}?refreshToken=${'a'.repeat(600)}`,
    );
    expect(tooLong.status).toBe(400);
    vi.useFakeTimers({ toFake: ['Date'], now: (Number(expires) + 1) * 1000 });
    const expired = await call<null>(
      `${getVideoResourceByRefreshToken.path}?refreshToken=${resource.refresh_token}`,
    );
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe('refreshToken 已过期，请刷新页面');
  });

  it('answers 404 once the item is deleted', async () => {
    const item = await createMediaItem(t, author);
    const token = (await details(item.itemId)).video_resource?.refresh_token ?? '';
    await t.db
      .updateTable('items')
      .set({ visibility: Visibility.Delete })
      .where('id', '=', item.itemId)
      .execute();
    const res = await call<null>(`${getVideoResourceByRefreshToken.path}?refreshToken=${token}`);
    expect(res.status).toBe(404);
  });
});

describe('GET /api/mixVideo/information', () => {
  it('answers a video’s own details', async () => {
    const res = await call<MixInformation>(
      `${getMixInformation.path}?mixId=${ready.itemId}&aid=1768`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mix_id: ready.itemId, mix_item_type: 0 });
    expect(res.body.data.details.item_id).toBe(ready.itemId);
    expect(res.body.data.details.video_resource).not.toBeNull();
  });

  it('resolves an album to its first episode, or to the named one, with marks and labels', async () => {
    const album = await createItem(t.db, t.newId, author, {
      itemType: ItemType.Album,
      title: '测试剧集',
    });
    await t.db
      .insertInto('albums')
      .values({
        item_id: album,
        album_type: 2,
        sequence_type: 'episode',
        year: 2026,
        total_episodes: 3,
      })
      .execute();
    const episodes: string[] = [];
    for (const seq of [1, 2, 3]) {
      const episode = await createMediaItem(t, author, {
        item: { itemType: ItemType.Episode, title: `第${seq}集标题` },
      });
      episodes.push(episode.itemId);
      await t.db
        .insertInto('album_episodes')
        .values({
          album_id: album,
          item_id: episode.itemId,
          seq,
          episode_type: 'official',
          opening_ms: seq === 2 ? null : 1000 * seq,
          ending_ms: seq === 2 ? null : 2500,
        })
        .execute();
    }
    const first = await call<MixInformation>(`${getMixInformation.path}?mixId=${album}`);
    expect(first.status).toBe(200);
    expect(first.body.data.mix_item_type).toBe(ItemType.Album);
    const firstDetails = first.body.data.details;
    expect(firstDetails.item_id).toBe(episodes[0]);
    expect(firstDetails.status).toBe('ready');
    expect(firstDetails.album).toMatchObject({
      album_id: album,
      title: '测试剧集',
      album_type: 2,
      sequence_type: 'episode',
      total_episodes: 3,
      next_item_id: episodes[1],
      current: {
        item_id: episodes[0],
        seq: 1,
        episode_label: '第1集',
        opening_ms: 1000,
        ending_ms: 2500,
      },
    });
    expect(firstDetails.album?.episodes.map((e) => e.item_id)).toEqual(episodes);
    expect(firstDetails.album?.episodes[1]).toMatchObject({ opening_ms: null, ending_ms: null });

    const named = await call<MixInformation>(
      `${getMixInformation.path}?mixId=${album}&id=${episodes[2]}`,
    );
    expect(named.body.data.details.item_id).toBe(episodes[2]);
    expect(named.body.data.details.album?.next_item_id).toBeNull();
    const same = await call<MixInformation>(`${getMixInformation.path}?mixId=${album}&id=${album}`);
    expect(same.body.data.details.item_id).toBe(episodes[0]);
    const stranger = await call<null>(
      `${getMixInformation.path}?mixId=${album}&id=${ready.itemId}`,
    );
    expect(stranger.status).toBe(404);
  });

  it('resolves a series to its first visible item, with the series list', async () => {
    const series = await createItem(t.db, t.newId, author, {
      itemType: ItemType.Series,
      title: '测试合集',
    });
    await t.db
      .insertInto('series')
      .values({ item_id: series, kind: 'series', user_id: author })
      .execute();
    const hidden = await createItem(t.db, t.newId, author, { visibility: Visibility.Delete });
    const draft = await createItem(t.db, t.newId, author, { visibility: Visibility.Self });
    const members = [hidden, ready.itemId, hfr.itemId, draft];
    await t.db
      .insertInto('series_items')
      .values(
        members.map((item_id, index) => ({ series_id: series, item_id, position: index + 1 })),
      )
      .execute();
    const res = await call<MixInformation>(`${getMixInformation.path}?mixId=${series}`);
    expect(res.status).toBe(200);
    expect(res.body.data.details.item_id).toBe(ready.itemId);
    expect(res.body.data.details.series).toMatchObject({
      series_id: series,
      title: '测试合集',
      item_type: ItemType.Series,
      total: 2,
      current_position: 1,
      next_item_id: hfr.itemId,
    });
    expect(res.body.data.details.series?.items.map((i) => [i.item_id, i.position])).toEqual([
      [ready.itemId, 1],
      [hfr.itemId, 2],
    ]);
    const viaDetails = await details(hfr.itemId);
    expect(viaDetails.series?.current_position).toBe(2);
    expect(viaDetails.series?.next_item_id).toBeNull();
    // The author also sees the private entry; nobody sees the deleted one.
    const asAuthor = await details(hfr.itemId, (await t.signedIn(author)).headers);
    expect(asAuthor.series).toMatchObject({ total: 3, next_item_id: draft });
  });

  it('answers 404 for an unknown mixId and an empty collection, 400 for malformed ones', async () => {
    const empty = await createItem(t.db, t.newId, author, { itemType: ItemType.PSeries });
    for (const mixId of ['1234567890123456789', empty]) {
      expect((await call(`${getMixInformation.path}?mixId=${mixId}`)).status).toBe(404);
    }
    for (const query of ['', '?mixId=0123456789012345678', `?mixId=${ready.itemId}&id=x`]) {
      const res = await call<null>(`${getMixInformation.path}${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.field).toBe(query.includes('&id=') ? 'id' : 'mixId');
    }
  });
});

describe('GET /api/videov2/getPreviewVideo', () => {
  it.each([
    ['a 854×480 video', () => ready, [480, 270]],
    ['a 320×180 video, not enlarged', () => hfr, [320, 180]],
  ] as const)('answers the hover clip of %s, its length and its size', async (_, item, size) => {
    const { itemId, derivedName } = item();
    const res = await call<PreviewVideo>(`${getPreviewVideo.path}?group_id=${itemId}&aid=1768`);
    expect(res.status).toBe(200);
    const preview = res.body.data;
    expect(preview.group_id).toBe(itemId);
    const url = decoded(preview.main_url);
    expect(url).toBe(`/media/v/${itemId}/${derivedName}/preview.mp4`);
    expect(decoded(preview.backup_url_1)).toBe(url.replace('/media/', '/media-backup/'));
    const clip = await get(url);
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    const file = path.join(scratch, `preview-${itemId}.mp4`);
    await writeFile(file, clip.rawPayload);
    const facts = await streamFacts(file);
    expect([preview.vwidth, preview.vheight]).toEqual(size);
    expect([facts.width, facts.height]).toEqual(size);
    expect(preview.duration).toBeCloseTo(facts.duration, 0);
    const range = await get(url, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(clip.rawPayload.subarray(0, 100))).toBe(true);
  });

  it('answers 404 without a ready clip, 400 for a malformed id', async () => {
    const processing = await createMediaItem(t, author, { state: 'processing' });
    const url = `${getPreviewVideo.path}?group_id=${processing.itemId}`;
    const res = await call<null>(url, (await t.signedIn(author)).headers);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('该视频没有预览片段');
    // Anyone else is not told the video exists.
    expect((await call<null>(url)).body.message).toBe('视频不存在');
    expect((await call(`${getPreviewVideo.path}?group_id=1234567890123456789`)).status).toBe(404);
    const bad = await call<null>(`${getPreviewVideo.path}?group_id=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('group_id');
  });
});
