import { describe, expect, it } from 'vitest';
import type { VideoDetails, VideoRenditionInfo } from '@melon/shared/contracts/video';
import { encodeVideoUrl } from '@melon/shared/format/video-url';
import { videoDetails } from '@melon/shared/testing/video-details';
import {
  backupManifests,
  definitionOfTrack,
  playerSourceOf,
  withFreshResource,
} from './player-source.ts';

function rendition(definition: string, height: number, id: string): VideoRenditionInfo {
  return {
    main_url: encodeVideoUrl(`/media/x/media_${id}.m3u8`),
    backup_url_1: '',
    definition,
    definition_label: '标清',
    bitrate: height * 2000,
    size: 1000,
    url_expire: 2_000_000_000,
    fps: 30,
    vwidth: Math.round((height * 16) / 9),
    vheight: height,
    file_id: `f${id}`,
    representation_id: id,
    hfr_variant: false,
    codec: 'avc1.64001f',
  };
}

const LIST = [rendition('360p', 360, '0'), rendition('480p', 480, '1')];

/** An item with two renditions, its manifests and a storyboard. */
function details(overrides: Partial<VideoDetails> = {}): VideoDetails {
  return videoDetails({
    cover_url: '/covers/large.jpg',
    cover_middle_url: '/covers/middle.jpg',
    video_resource: {
      item_id: '7000000000000000001',
      video_duration: 9.8,
      url_expire: 2_000_000_000,
      refresh_token: 'token',
      video_list: LIST,
      dynamic_video: {
        main_url: encodeVideoUrl('/media/x/manifest.mpd'),
        backup_url_1: '',
        dynamic_video_list: LIST,
        dynamic_audio_list: [],
      },
      dash_url: encodeVideoUrl('https://cdn.example/media/x/manifest.mpd?sig=1'),
      dash_backup_url: '',
      hls_url: encodeVideoUrl('/media/x/master.m3u8?sig=1'),
      hls_backup_url: '',
      max_fps: 30,
      subtitle_langs: [],
      extraInfos: { LogoType: '' },
      preview: null,
    },
    storyboard: {
      interval: 2,
      width: 160,
      height: 90,
      columns: 10,
      count: 5,
      sheets: ['/media/x/storyboard-001.jpg'],
      vtt_url: '/media/x/storyboard.vtt',
    },
    ...overrides,
  });
}

describe('playerSourceOf', () => {
  it('decodes the manifest URLs and lists the renditions', () => {
    const source = playerSourceOf(details());
    expect(source).toMatchObject({
      itemId: '7000000000000000001',
      dashUrl: '//cdn.example/media/x/manifest.mpd?sig=1',
      hlsUrl: '/media/x/master.m3u8?sig=1',
      duration: 9.8,
      posterUrl: '/covers/large.jpg',
      openingMark: null,
      endingMark: null,
      refreshToken: 'token',
      storyboard: { interval: 2, count: 5, sheetUrls: ['/media/x/storyboard-001.jpg'] },
    });
    expect(source?.renditions.map((r) => [r.definition, r.height, r.representationId])).toEqual([
      ['360p', 360, '0'],
      ['480p', 480, '1'],
    ]);
  });

  it('carries the preview the viewer is limited to, and none for full playback', () => {
    expect(playerSourceOf(details())?.preview).toBeNull();
    const base = details();
    const resource = base.video_resource;
    if (!resource) throw new Error('fixture has a resource');
    const limited = details({
      video_resource: { ...resource, preview: { clip_end: 360, reason: 'paid', price_fen: 300 } },
    });
    expect(playerSourceOf(limited)?.preview).toEqual({
      clipEnd: 360,
      reason: 'paid',
      priceFen: 300,
    });
  });

  it('has no source for an item that is not ready', () => {
    expect(playerSourceOf(details({ status: 'processing', video_resource: null }))).toBeNull();
  });

  it('has no source when neither manifest URL decodes', () => {
    const base = details();
    const resource = base.video_resource;
    if (!resource) throw new Error('fixture has a resource');
    expect(
      playerSourceOf({ ...base, video_resource: { ...resource, dash_url: '%%', hls_url: '' } }),
    ).toBeNull();
  });

  it('takes the opening and ending marks of an album episode, in seconds', () => {
    const source = playerSourceOf(
      details({
        album: {
          album_id: '1',
          title: '剧',
          cover_url: '',
          album_type: 2,
          sequence_type: 'episode',
          total_episodes: 2,
          next_item_id: null,
          episodes: [],
          current: {
            item_id: '7000000000000000001',
            title: '第1集',
            cover_url: '',
            duration: 10,
            seq: 1,
            episode_label: '第1集',
            episode_type: 'official',
            opening_ms: 1500,
            ending_ms: 8000,
          },
        },
      }),
    );
    expect(source).toMatchObject({ openingMark: 1.5, endingMark: 8 });
  });

  it('takes a plain video’s marks from the item, as its author set them in the studio', () => {
    const source = playerSourceOf(details({ opening_ms: 2000, ending_ms: 9500 }));
    expect(source).toMatchObject({ openingMark: 2, endingMark: 9.5 });
    expect(playerSourceOf(details())).toMatchObject({ openingMark: null, endingMark: null });
  });
});

describe('definitionOfTrack', () => {
  const renditions = playerSourceOf(details())?.renditions ?? [];
  it.each([
    { track: { originalVideoId: '1', height: 999 }, definition: '480p' },
    { track: { originalVideoId: null, height: 360 }, definition: '360p' },
    { track: { originalVideoId: 'x', height: 720 }, definition: null },
  ])('$track → $definition', ({ track, definition }) => {
    expect(definitionOfTrack(renditions, track)).toBe(definition);
  });
});

describe('fresh and backup URLs', () => {
  const base = details();
  const resource = base.video_resource;
  if (!resource) throw new Error('fixture without a resource');
  const source = playerSourceOf(base);
  if (!source) throw new Error('fixture without a source');

  it('has no backup manifests when the resource lists none', () => {
    expect(backupManifests(source)).toBeNull();
  });

  it('takes the fresh signed URLs, backups and token of a refreshed resource', () => {
    const fresh = withFreshResource(source, {
      ...resource,
      refresh_token: 'token-2',
      dash_url: encodeVideoUrl('/media/s/2/b/v/1/p/manifest.mpd'),
      hls_url: encodeVideoUrl('/media/s/2/b/v/1/p/master.m3u8'),
      dash_backup_url: encodeVideoUrl('/media-backup/s/2/b/v/1/p/manifest.mpd'),
      hls_backup_url: encodeVideoUrl('/media-backup/s/2/b/v/1/p/master.m3u8'),
    });
    expect(fresh).toEqual({
      ...source,
      refreshToken: 'token-2',
      dashUrl: '/media/s/2/b/v/1/p/manifest.mpd',
      hlsUrl: '/media/s/2/b/v/1/p/master.m3u8',
      dashBackupUrl: '/media-backup/s/2/b/v/1/p/manifest.mpd',
      hlsBackupUrl: '/media-backup/s/2/b/v/1/p/master.m3u8',
    });
    expect(backupManifests(fresh)).toEqual({
      dashUrl: '/media-backup/s/2/b/v/1/p/manifest.mpd',
      hlsUrl: '/media-backup/s/2/b/v/1/p/master.m3u8',
    });
  });
});
