import { describe, expect, it } from 'vitest';
import { defaultSettings } from './settings.ts';
import { stageFor } from './stage.ts';

describe('stageFor', () => {
  const size = { width: 1280, height: 720 };
  it.each([
    [1, false, 720],
    [1, true, 612],
    [0.75, false, 540],
    [0.75, true, 540],
    [0.5, true, 360],
    [0.25, false, 180],
  ] as const)(
    'display area %d, bottom clear %s → %d px',
    (displayArea, keepBottomClear, height) => {
      expect(stageFor(size, { ...defaultSettings, displayArea, keepBottomClear }).height).toBe(
        height,
      );
    },
  );

  it('scales rows with the font, speed with the setting, and gaps with density', () => {
    const stage = stageFor(size, { ...defaultSettings, fontScale: 2, speed: 2, density: 'dense' });
    expect(stage).toMatchObject({ rowHeight: 60, scrollDuration: 4000, gap: 0, overlap: false });
    expect(stageFor(size, { ...defaultSettings, density: 'unlimited' }).overlap).toBe(true);
    expect(stageFor(size, { ...defaultSettings, density: 'sparse' }).gap).toBeGreaterThan(
      stageFor(size, defaultSettings).gap,
    );
  });
});
