/** SPEC §3 `video_list[].definition`, lowest first. */
export const DEFINITIONS = ['360p', '480p', '720p', '1080p', '2k', '4k'] as const;
export type Definition = (typeof DEFINITIONS)[number];

export type DefinitionLabel = '标清' | '高清' | '超清';

/**
 * SPEC §9: 360p and 480p standard, 720p and 1080p high, 2k and 4k ultra. The server labels its
 * renditions (`definition_label`) and the player its menu from this one table.
 */
const LABELS: Readonly<Record<Definition, DefinitionLabel>> = {
  '360p': '标清',
  '480p': '标清',
  '720p': '高清',
  '1080p': '高清',
  '2k': '超清',
  '4k': '超清',
};

export function isDefinition(value: unknown): value is Definition {
  return typeof value === 'string' && (DEFINITIONS as readonly string[]).includes(value);
}

export function definitionLabel(definition: Definition): DefinitionLabel {
  return LABELS[definition];
}
