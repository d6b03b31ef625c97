/** The spec's definitions (SPEC §3 `video_list[].definition`), lowest first. */
export type Definition = '360p' | '480p' | '720p' | '1080p' | '2k' | '4k';

/** SPEC §9: 360p and 480p standard, 720p and 1080p high, 2k and 4k ultra. */
export type DefinitionLabel = '标清' | '高清' | '超清';

export interface DefinitionRung {
  definition: Definition;
  label: DefinitionLabel;
  /** The rung's 16:9 box: a rendition fits inside it (transposed for portrait sources). */
  boxWidth: number;
  boxHeight: number;
  /** Video bits per second for a full 16:9 box at up to 30 fps with the x264 preset. */
  bitrate: number;
}

export const DEFINITION_RUNGS: readonly DefinitionRung[] = [
  { definition: '360p', label: '标清', boxWidth: 640, boxHeight: 360, bitrate: 800_000 },
  { definition: '480p', label: '标清', boxWidth: 854, boxHeight: 480, bitrate: 1_200_000 },
  { definition: '720p', label: '高清', boxWidth: 1280, boxHeight: 720, bitrate: 2_500_000 },
  { definition: '1080p', label: '高清', boxWidth: 1920, boxHeight: 1080, bitrate: 4_500_000 },
  { definition: '2k', label: '超清', boxWidth: 2560, boxHeight: 1440, bitrate: 9_000_000 },
  { definition: '4k', label: '超清', boxWidth: 3840, boxHeight: 2160, bitrate: 16_000_000 },
];
