import type shaka from 'shaka-player';
import type { AutoDefinitionConfig } from '../abr/auto-definition-config.ts';
import type { AutoDefinitionReason } from '../abr/auto-definition.ts';
import { MelonAbrManager } from '../abr/melon-abr-manager.ts';
import type { PlayerSource } from '../player-source.ts';
import { decodesSmoothly, maxFrameRate } from './high-frame-rate.ts';
import type { Shaka } from './load-shaka.ts';
import { manifestToPlay, shakaConfiguration } from './player-config.ts';

export interface PlaybackOptions {
  source: PlayerSource;
  /** Seconds; 0 plays from the start. */
  startSeconds: number;
  abrConfig: AutoDefinitionConfig;
  bufferGoal: number;
  /** The remembered volume and mute. */
  volume: number;
  muted: boolean;
  autoplay: boolean;
}

export type PlaybackOutcome = 'loaded' | 'load-failed';

/** A Shaka player attached to a <video> and loading one item. */
export interface StartedPlayback {
  player: shaka.Player;
  /** Settles once the manifest is loaded (the picture may already be playing) or failed. */
  outcome: Promise<PlaybackOutcome>;
  /** Where auto-definition reports its switches; whoever shows them sets it. */
  onAbrDecision: ((reason: AutoDefinitionReason) => void) | null;
  /** The browser refused to start with sound, and playback started muted instead. */
  autoMuted: boolean;
  onAutoMuted: (() => void) | null;
}

function hasMediaSource(): boolean {
  return 'MediaSource' in window || 'ManagedMediaSource' in window;
}

/**
 * Creates the player, configures it (buffer settings, Melon's auto-definition) and loads the
 * item at `startSeconds`; the element autoplays on its first frame. Null when this browser
 * cannot play the item. Used by the early start before hydration and by the player's hook.
 */
export function startPlayback(
  shakaLib: Shaka,
  video: HTMLVideoElement,
  options: PlaybackOptions,
): StartedPlayback | null {
  const { source, startSeconds, abrConfig, bufferGoal, autoplay } = options;
  const manifest = manifestToPlay(source, hasMediaSource());
  if (!manifest || !shakaLib.Player.isBrowserSupported()) return null;
  const player = new shakaLib.Player();
  const started: StartedPlayback = {
    player,
    outcome: Promise.resolve('load-failed'),
    onAbrDecision: null,
    autoMuted: false,
    onAutoMuted: null,
  };
  // Asked while Shaka attaches; answers in a few milliseconds.
  const hfrSmooth = source.hfr ? decodesSmoothly(source.hfr) : Promise.resolve(false);
  started.outcome = (async (): Promise<PlaybackOutcome> => {
    try {
      player.configure(shakaConfiguration(bufferGoal));
      player.configure('abrFactory', () => {
        return new MelonAbrManager({
          config: abrConfig,
          bufferGoal,
          onDecision: (decision) => {
            started.onAbrDecision?.(decision.reason);
          },
        });
      });
      await player.attach(video);
      player.configure('restrictions.maxFrameRate', maxFrameRate(source.hfr, await hfrSmooth));
      video.volume = options.volume;
      video.muted = options.muted;
      // Autoplay lets the element start on its first frame, without waiting for load() to settle.
      video.autoplay = autoplay;
      performance.mark('melon:load');
      await player.load(manifest.url, startSeconds > 0 ? startSeconds : null, manifest.mimeType);
      performance.mark('melon:loaded');
    } catch {
      // Also a destroy() while loading: the caller has moved on and ignores the outcome.
      return 'load-failed';
    }
    if (autoplay) {
      void playOrMuted(video).then((muted) => {
        if (!muted) return;
        started.autoMuted = true;
        started.onAutoMuted?.();
      });
    }
    return 'loaded';
  })();
  return started;
}

/**
 * Starts playing; when the browser refuses sound before a gesture (Chrome on a first visit), it
 * plays muted instead, which every browser allows. True when it had to mute. Any other refusal
 * (the element was emptied, the player destroyed) leaves the play button to the viewer.
 */
async function playOrMuted(video: HTMLVideoElement): Promise<boolean> {
  try {
    await video.play();
    return false;
  } catch (error) {
    if (!(error instanceof DOMException) || error.name !== 'NotAllowedError' || video.muted) {
      return false;
    }
  }
  video.muted = true;
  return video.play().then(
    () => true,
    () => false,
  );
}

/**
 * Loads the item again at `at` from other manifests (fresh signed URLs, the backup origin),
 * playing on when it was playing.
 */
export async function reloadAt(
  player: shaka.Player,
  video: HTMLVideoElement,
  manifests: { dashUrl: string | null; hlsUrl: string | null },
  at: number,
): Promise<PlaybackOutcome> {
  const manifest = manifestToPlay(manifests, hasMediaSource());
  if (!manifest) return 'load-failed';
  video.autoplay = !video.paused;
  try {
    await player.load(manifest.url, at > 0 ? at : null, manifest.mimeType);
  } catch {
    return 'load-failed';
  }
  return 'loaded';
}
