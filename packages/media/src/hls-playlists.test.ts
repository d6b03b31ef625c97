import { describe, expect, it } from 'vitest';
import { rewriteMasterPlaylist, rewriteMediaPlaylist } from './hls-playlists.ts';

describe('HLS playlists for video on demand', () => {
  it('marks media playlists VOD and drops the transcode’s wall-clock dates', () => {
    const written = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MAP:URI="init-0.m4s"',
      '#EXTINF:2.000000,',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-22T22:11:16.000+0000',
      'seg-0-00001.m4s',
      '#EXT-X-ENDLIST',
    ].join('\n');
    const expected = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MAP:URI="init-0.m4s"',
      '#EXTINF:2.000000,',
      'seg-0-00001.m4s',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(rewriteMediaPlaylist(written)).toBe(expected);
    expect(rewriteMediaPlaylist(expected)).toBe(expected);
  });

  it('gives each variant of the master its frame rate', () => {
    const written = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-STREAM-INF:BANDWIDTH=932925,RESOLUTION=640x360',
      'media_0.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1932925,RESOLUTION=640x360',
      'media_1.m3u8',
    ].join('\n');
    const rates = new Map([
      ['media_0.m3u8', 60],
      ['media_1.m3u8', 119.88],
    ]);
    expect(rewriteMasterPlaylist(written, rates).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=932925,RESOLUTION=640x360,FRAME-RATE=60.000',
      'media_0.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1932925,RESOLUTION=640x360,FRAME-RATE=119.880',
      'media_1.m3u8',
    ]);
  });
});
