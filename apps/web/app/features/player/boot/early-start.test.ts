import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerSource } from '../player-source.ts';
import type { StartedPlayback } from '../shaka/start-playback.ts';
import {
  earlyStartScript,
  runEarlyStarts,
  takeEarlyStart,
  type EarlyEntry,
  type EarlyPlan,
} from './early-start.ts';

const source = (itemId: string): PlayerSource => ({
  itemId,
  dashUrl: '/media/s/1/x/v/1/p/manifest.mpd',
  hlsUrl: null,
  dashBackupUrl: null,
  hlsBackupUrl: null,
  duration: 60,
  posterUrl: '',
  renditions: [],
  hfr: null,
  storyboard: null,
  openingMark: null,
  endingMark: null,
  refreshToken: 't',
  preview: null,
});

const plan = (itemId: string, title = ''): EarlyPlan => ({
  inputs: {
    source: { ...source(itemId), posterUrl: title },
    startParam: null,
    loggedIn: false,
    historyPosition: null,
  },
  autoplay: true,
});

/** Runs the inline script as the browser would, right after `video`. */
function runInlineScript(script: string, video: object): void {
  const document = { currentScript: { previousElementSibling: video } };
  runInNewContext(script, { window: globalThis.window, document });
}

const playback = { player: {} } as unknown as StartedPlayback;

describe('the early start', () => {
  beforeEach(() => {
    vi.stubGlobal('window', {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('queues the element before the boot script runs, which then starts it', async () => {
    const video = {};
    runInlineScript(earlyStartScript(plan('1')), video);
    const start = vi.fn<(entry: EarlyEntry) => Promise<StartedPlayback>>(() =>
      Promise.resolve(playback),
    );
    runEarlyStarts(start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0]?.[0].video).toBe(video);
    expect(start.mock.calls[0]?.[0].plan).toEqual(plan('1'));
    await expect(takeEarlyStart(video as HTMLVideoElement, '1')).resolves.toBe(playback);
  });

  it('starts an element queued after the boot script ran', () => {
    const start = vi.fn(() => Promise.resolve(playback));
    runEarlyStarts(start);
    runInlineScript(earlyStartScript(plan('1')), {});
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('hands a playback over once, and only for its own element and item', () => {
    const video = {} as HTMLVideoElement;
    runEarlyStarts(() => Promise.resolve(playback));
    runInlineScript(earlyStartScript(plan('1')), video);
    expect(takeEarlyStart({} as HTMLVideoElement, '1')).toBeNull();
    expect(takeEarlyStart(video, '2')).toBeNull();
    expect(takeEarlyStart(video, '1')).not.toBeNull();
    expect(takeEarlyStart(video, '1')).toBeNull();
  });

  it('never starts an entry the player already claimed (a boot script arriving late)', () => {
    const video = {} as HTMLVideoElement;
    runInlineScript(earlyStartScript(plan('1')), video);
    expect(takeEarlyStart(video, '1')).toBeNull();
    const start = vi.fn(() => Promise.resolve(playback));
    runEarlyStarts(start);
    expect(start).not.toHaveBeenCalled();
  });

  it('keeps the plan inside its <script> whatever the text holds', () => {
    const script = earlyStartScript(plan('1', '</script><script>alert(1)</script>'));
    expect(script).not.toContain('<');
    const video = {};
    runInlineScript(script, video);
    const start = vi.fn<(entry: EarlyEntry) => Promise<StartedPlayback>>(() =>
      Promise.resolve(playback),
    );
    runEarlyStarts(start);
    expect(start.mock.calls[0]?.[0].plan.inputs.source.posterUrl).toBe(
      '</script><script>alert(1)</script>',
    );
  });
});
