/**
 * File names inside a packaged video's directory. Both manifests point at the same fragmented
 * MP4 files: one init segment and numbered media segments per representation, where the
 * representation id is the output stream's index (video rungs first, the audio last).
 */
export const DASH_MANIFEST = 'manifest.mpd';
export const HLS_MASTER_PLAYLIST = 'master.m3u8';
export const INIT_SEGMENT_TEMPLATE = 'init-$RepresentationID$.m4s';
export const MEDIA_SEGMENT_TEMPLATE = 'seg-$RepresentationID$-$Number%05d$.m4s';

/** ffmpeg's dash muxer names each representation's HLS playlist this way; it is not an option. */
export function hlsMediaPlaylist(representation: number): string {
  return `media_${representation}.m3u8`;
}

export function initSegment(representation: number): string {
  return `init-${representation}.m4s`;
}

/** True for the init and media segments of one representation. */
export function isRepresentationFile(name: string, representation: number): boolean {
  return name === initSegment(representation) || name.startsWith(`seg-${representation}-`);
}
