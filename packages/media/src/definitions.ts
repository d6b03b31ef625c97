import {
  definitionLabel,
  type Definition,
  type DefinitionLabel,
} from '@melon/shared/media/definitions';

export type { Definition, DefinitionLabel };

export interface DefinitionRung {
  definition: Definition;
  label: DefinitionLabel;
  /** The rung's 16:9 box: a rendition fits inside it (transposed for portrait sources). */
  boxWidth: number;
  boxHeight: number;
  /** Video bits per second for a full 16:9 box at up to 30 fps with the x264 preset. */
  bitrate: number;
}

/** The rungs, lowest first; each labelled as SPEC §9 says (one table, in @melon/shared). */
export const DEFINITION_RUNGS: readonly DefinitionRung[] = (
  [
    { definition: '360p', boxWidth: 640, boxHeight: 360, bitrate: 800_000 },
    { definition: '480p', boxWidth: 854, boxHeight: 480, bitrate: 1_200_000 },
    { definition: '720p', boxWidth: 1280, boxHeight: 720, bitrate: 2_500_000 },
    { definition: '1080p', boxWidth: 1920, boxHeight: 1080, bitrate: 4_500_000 },
    { definition: '2k', boxWidth: 2560, boxHeight: 1440, bitrate: 9_000_000 },
    { definition: '4k', boxWidth: 3840, boxHeight: 2160, bitrate: 16_000_000 },
  ] as const
).map((rung) => ({ ...rung, label: definitionLabel(rung.definition) }));
