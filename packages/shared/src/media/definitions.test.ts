import { describe, expect, it } from 'vitest';
import { DEFINITIONS, definitionLabel, isDefinition } from './definitions.ts';

describe('definition labels (SPEC §9)', () => {
  it('labels 360p and 480p standard, 720p and 1080p high, 2k and 4k ultra', () => {
    expect(DEFINITIONS.map((definition) => [definition, definitionLabel(definition)])).toEqual([
      ['360p', '标清'],
      ['480p', '标清'],
      ['720p', '高清'],
      ['1080p', '高清'],
      ['2k', '超清'],
      ['4k', '超清'],
    ]);
  });

  it('knows only the spec definitions', () => {
    expect(isDefinition('720p')).toBe(true);
    expect(isDefinition('8k')).toBe(false);
    expect(isDefinition(720)).toBe(false);
  });
});
