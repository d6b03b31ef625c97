import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HLS_MASTER_PLAYLIST } from './package-layout.ts';

/**
 * ffmpeg's dash muxer writes its HLS playlists as for a live stream. For video on demand they are
 * finished off here: media playlists are marked VOD and lose the wall-clock dates of the
 * transcode (meaningless to a viewer); the master states that every segment starts with a
 * keyframe and gives each variant's frame rate, so players can tell the 120 fps variant apart.
 */
export async function finishHlsPlaylists(
  dir: string,
  frameRates: ReadonlyMap<string, number>,
): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.m3u8')) continue;
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8');
    const next =
      name === HLS_MASTER_PLAYLIST
        ? rewriteMasterPlaylist(text, frameRates)
        : rewriteMediaPlaylist(text);
    await writeFile(file, next);
  }
}

export function rewriteMediaPlaylist(text: string): string {
  const lines = text.split('\n').filter((line) => !line.startsWith('#EXT-X-PROGRAM-DATE-TIME'));
  if (!lines.includes('#EXT-X-PLAYLIST-TYPE:VOD')) {
    insertAfterVersion(lines, '#EXT-X-PLAYLIST-TYPE:VOD');
  }
  return lines.join('\n');
}

/** `frameRates` maps a media playlist's name to its frame rate. */
export function rewriteMasterPlaylist(
  text: string,
  frameRates: ReadonlyMap<string, number>,
): string {
  const lines = text.split('\n');
  const rewritten = lines.map((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:') || line.includes('FRAME-RATE=')) return line;
    const fps = frameRates.get(lines[index + 1]?.trim() ?? '');
    return fps === undefined ? line : `${line},FRAME-RATE=${fps.toFixed(3)}`;
  });
  if (!rewritten.includes('#EXT-X-INDEPENDENT-SEGMENTS')) {
    insertAfterVersion(rewritten, '#EXT-X-INDEPENDENT-SEGMENTS');
  }
  return rewritten.join('\n');
}

function insertAfterVersion(lines: string[], tag: string): void {
  const version = lines.findIndex((line) => line.startsWith('#EXT-X-VERSION'));
  lines.splice(version === -1 ? 1 : version + 1, 0, tag);
}
