import type { Insertable } from 'kysely';
import type { ItemRenditionsTable } from '@melon/db/tables/media';
import type { AudioRendition, TranscodeResult, VideoRendition } from '@melon/media/transcode';

/**
 * The `item_renditions` rows of an item's packaged ladder and audio. Each row's file id comes
 * from `fileId`: the transcode's own by default; a package shared by several items (the demo's
 * cached videos) gives each item ids of its own.
 */
export function itemRenditionRows(
  itemId: string,
  { video, audio }: Pick<TranscodeResult, 'video' | 'audio'>,
  fileId: (rendition: VideoRendition | AudioRendition) => string = (rendition) => rendition.fileId,
): Insertable<ItemRenditionsTable>[] {
  const rows: Insertable<ItemRenditionsTable>[] = video.map((rung) => ({
    file_id: fileId(rung),
    item_id: itemId,
    kind: 'video',
    definition: rung.definition,
    bitrate: rung.bitrate,
    size: rung.size,
    fps: rung.fps,
    vwidth: rung.vwidth,
    vheight: rung.vheight,
    hfr_variant: rung.hfrVariant ? 1 : 0,
    representation_id: rung.representationId,
    hls_playlist: rung.hlsPlaylist,
    init_segment: rung.initSegment,
  }));
  if (audio) {
    rows.push({
      file_id: fileId(audio),
      item_id: itemId,
      kind: 'audio',
      definition: null,
      bitrate: audio.bitrate,
      size: audio.size,
      // Spelled out: a multi-row insert on SQLite writes NULL, not the default, for a missing key.
      fps: 0,
      vwidth: 0,
      vheight: 0,
      hfr_variant: 0,
      representation_id: audio.representationId,
      hls_playlist: audio.hlsPlaylist,
      init_segment: audio.initSegment,
    });
  }
  return rows;
}
