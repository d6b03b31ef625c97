import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markPreviewEnded } from '~/lib/preview-session.ts';
import type { PlayerSource } from './player-source.ts';
import { continuedPreview } from './preferences.ts';
import { startPosition, type StartPositionInput } from './start-position.ts';

/* SPEC §4 start rule 1 wired to the preview's session flag (decision 050). */

const ITEM = '7000000000000000001';

function source(preview: PlayerSource['preview']): PlayerSource {
  return {
    itemId: ITEM,
    dashUrl: '/media/m/1/2/x/v/1/p/manifest.mpd',
    hlsUrl: null,
    dashBackupUrl: null,
    hlsBackupUrl: null,
    duration: 2640,
    posterUrl: '',
    renditions: [],
    hfr: null,
    storyboard: null,
    openingMark: 90,
    endingMark: null,
    refreshToken: 't',
    preview,
  };
}

function startFor(player: PlayerSource, loggedIn: boolean) {
  const input: StartPositionInput = {
    duration: player.duration,
    preview: continuedPreview(player),
    loggedIn,
    replay: false,
    startParam: null,
    remembered: 1200,
    openingMark: player.openingMark,
    endingMark: player.endingMark,
    skipOpening: true,
  };
  return startPosition(input);
}

describe('continuing from the end of the preview', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts a now-entitled viewer at the clip’s end once the preview ended in this tab', () => {
    markPreviewEnded(ITEM, 360);
    expect(startFor(source(null), true)).toEqual({ seconds: 360, rule: 'preview' });
  });

  it('does not without the flag, when signed out, or while still limited to the preview', () => {
    expect(startFor(source(null), true).rule).toBe('remembered');
    markPreviewEnded(ITEM, 360);
    expect(startFor(source(null), false).rule).toBe('remembered');
    const limited = source({ clipEnd: 360, reason: 'vip', priceFen: null });
    expect(continuedPreview(limited)).toBeNull();
    expect(startFor(limited, true).rule).toBe('remembered');
  });
});
