import type { Generated } from 'kysely';
import type { Flag } from '../database.ts';

/* Row types of an item's video and its renditions (migration 2026-11-23-001). */

export type ItemMediaState = 'processing' | 'ready' | 'failed';

/** An item's video: nothing of it is served before `state` is `ready`. */
export interface ItemMediaTable {
  item_id: string;
  state: Generated<ItemMediaState>;
  /** Absolute path of the uploaded or imported source file. */
  source_path: string;
  /** The packaged CMAF directory, relative to the media root; set when ready. */
  package_dir: string | null;
  /** Covers, preview clip and storyboard directory, relative to the media root. */
  derived_dir: string | null;
  /** JSON of the storyboard sprites (packages/media Storyboard). */
  storyboard: string | null;
  /** The source's frame rate. */
  max_fps: Generated<number>;
  /** The 6-minute preview rendition for non-members (SPEC §4), relative to the media root. */
  trial_package_dir: Generated<string | null>;
  job_id: string | null;
  /** Why the item could not be made playable (Chinese, shown to its author). */
  error_message: string | null;
  created_at: number;
  updated_at: number;
}

/** One packaged rendition (SPEC §3 `video_list` entry, or the `dynamic_audio_list` one). */
export interface ItemRenditionsTable {
  file_id: string;
  item_id: string;
  kind: 'video' | 'audio';
  /** `360p` … `4k` for video; null for audio. */
  definition: string | null;
  bitrate: number;
  size: number;
  fps: Generated<number>;
  vwidth: Generated<number>;
  vheight: Generated<number>;
  /** 1 for the 120 fps variant of a source above 100 fps. */
  hfr_variant: Generated<Flag>;
  /** Representation id in the DASH manifest, index of the HLS media playlist. */
  representation_id: number;
  hls_playlist: string;
  init_segment: string;
}

export interface MediaTables {
  item_media: ItemMediaTable;
  item_renditions: ItemRenditionsTable;
}
