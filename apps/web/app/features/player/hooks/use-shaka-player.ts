import { useEffect, useRef, useState, type RefObject } from 'react';
import type shaka from 'shaka-player';
import type { AutoDefinitionConfig } from '../abr/auto-definition-config.ts';
import type { AutoDefinitionReason } from '../abr/auto-definition.ts';
import { MelonAbrManager } from '../abr/melon-abr-manager.ts';
import type { Definition, DefinitionChoice } from '../definitions.ts';
import { definitionOfTrack, type PlayerSource } from '../player-source.ts';
import { loadShaka } from '../shaka/load-shaka.ts';
import { manifestToPlay, shakaConfiguration } from '../shaka/player-config.ts';

export type PlaybackError = 'load-failed' | 'not-supported';

export interface ShakaPlayback {
  /** The definition on screen (in auto mode the one auto-definition chose). */
  activeDefinition: Definition | null;
  lastAbrReason: AutoDefinitionReason | null;
  error: PlaybackError | null;
  /** Loads the item again from where it stopped (after an error). */
  retry: () => void;
}

interface Options {
  source: PlayerSource;
  /** null until the start position is known; the player loads nothing before. */
  startSeconds: number | null;
  choice: DefinitionChoice;
  abrConfig: AutoDefinitionConfig;
  bufferGoal: number;
  autoplay: boolean;
}

function hasMediaSource(): boolean {
  return 'MediaSource' in window || 'ManagedMediaSource' in window;
}

/** Attaches Shaka to the video element and plays `source`, in auto or a manual definition. */
export function useShakaPlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: Options,
): ShakaPlayback {
  const { source, startSeconds, choice, abrConfig, bufferGoal, autoplay } = options;
  const playerRef = useRef<shaka.Player | null>(null);
  const [activeDefinition, setActiveDefinition] = useState<Definition | null>(null);
  const [lastAbrReason, setLastAbrReason] = useState<AutoDefinitionReason | null>(null);
  const [error, setError] = useState<PlaybackError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const choiceRef = useRef(choice);
  useEffect(() => {
    choiceRef.current = choice;
  }, [choice]);
  const resumeAtRef = useRef<number | null>(null);
  const loadedRef = useRef(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || startSeconds === null) return;
    const abort = new AbortController();
    const cancelled = () => abort.signal.aborted;
    let player: shaka.Player | null = null;
    const showActive = () => {
      const track = player?.getVariantTracks().find((t) => t.active);
      if (track) setActiveDefinition(definitionOfTrack(source.renditions, track));
    };
    const onError = () => {
      setError('load-failed');
    };

    void (async () => {
      const shaka = await loadShaka();
      if (cancelled()) return;
      const manifest = manifestToPlay(source, hasMediaSource());
      if (!manifest || !shaka.Player.isBrowserSupported()) {
        setError('not-supported');
        return;
      }
      player = new shaka.Player();
      playerRef.current = player;
      await player.attach(video);
      if (cancelled()) return;
      player.configure(shakaConfiguration(bufferGoal));
      player.configure('abrFactory', () => {
        return new MelonAbrManager({
          config: abrConfig,
          bufferGoal,
          onDecision: (decision) => {
            setLastAbrReason(decision.reason);
          },
        });
      });
      player.addEventListener('variantchanged', showActive);
      player.addEventListener('adaptation', showActive);
      player.addEventListener('error', onError);
      // Autoplay lets the element start on its first frame, without waiting for load() to settle.
      video.autoplay = autoplay;
      const start = resumeAtRef.current ?? startSeconds;
      try {
        await player.load(manifest.url, start > 0 ? start : null, manifest.mimeType);
      } catch {
        if (!cancelled()) setError('load-failed');
        return;
      }
      if (cancelled()) return;
      loadedRef.current = true;
      applyChoice(player, source, choiceRef.current);
      showActive();
      if (autoplay) {
        // Browsers may refuse to start with sound before a gesture; the play button remains.
        video.play().catch(() => undefined);
      }
    })();

    return () => {
      abort.abort();
      resumeAtRef.current = video.currentTime > 0 ? video.currentTime : null;
      playerRef.current = null;
      loadedRef.current = false;
      setActiveDefinition(null);
      void player?.destroy();
    };
  }, [source, attempt, videoRef, startSeconds, abrConfig, bufferGoal, autoplay]);

  useEffect(() => {
    const player = playerRef.current;
    if (player && loadedRef.current) applyChoice(player, source, choice);
  }, [choice, source]);

  return {
    activeDefinition,
    lastAbrReason,
    error,
    retry: () => {
      setError(null);
      setAttempt((n) => n + 1);
    },
  };
}

/** Auto hands the choice to the AbrManager; a definition turns it off and selects that track. */
function applyChoice(player: shaka.Player, source: PlayerSource, choice: DefinitionChoice): void {
  if (choice === 'auto') {
    player.configure('abr.enabled', true);
    return;
  }
  const rendition = source.renditions.find((r) => r.definition === choice);
  const tracks = player.getVariantTracks();
  const track =
    tracks.find((t) => rendition && t.originalVideoId === rendition.representationId) ??
    tracks.find((t) => rendition && t.height === rendition.height);
  if (!track) return;
  player.configure('abr.enabled', false);
  if (!track.active) player.selectVariantTrack(track, true);
}
