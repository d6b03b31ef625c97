import { useEffect, useRef, useState, type RefObject } from 'react';
import type shaka from 'shaka-player';
import { getVideoResourceByRefreshToken } from '@melon/shared/calls/video.calls';
import type { AutoDefinitionConfig } from '../abr/auto-definition-config.ts';
import type { AutoDefinitionReason } from '../abr/auto-definition.ts';
import { takeEarlyStart } from '../boot/early-start.ts';
import type { Definition } from '@melon/shared/media/definitions';
import type { DefinitionChoice } from '../definitions.ts';
import {
  backupManifests,
  definitionOfTrack,
  withFreshResource,
  type PlayerSource,
} from '../player-source.ts';
import { loadShaka } from '../shaka/load-shaka.ts';
import { recoveryFor, type PlaybackFailure } from '../shaka/playback-recovery.ts';
import { reloadAt, startPlayback, type StartedPlayback } from '../shaka/start-playback.ts';
import { browserClient } from '~/lib/browser-client.ts';

export type PlaybackError = 'load-failed' | 'not-supported';

export interface ShakaPlayback {
  /** The definition on screen (in auto mode the one auto-definition chose). */
  activeDefinition: Definition | null;
  /** The frame rate of the rendition on screen (0 until known). */
  activeFps: number;
  lastAbrReason: AutoDefinitionReason | null;
  error: PlaybackError | null;
  /** Playback started muted because the browser refused sound before a gesture. */
  autoMuted: boolean;
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
  /** The remembered volume and mute. */
  volume: number;
  muted: boolean;
  autoplay: boolean;
}

/** Attaches Shaka to the video element and plays `source`, in auto or a manual definition. */
export function useShakaPlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: Options,
): ShakaPlayback {
  const { source, startSeconds, choice, abrConfig, bufferGoal, volume, muted, autoplay } = options;
  const playerRef = useRef<shaka.Player | null>(null);
  const [activeDefinition, setActiveDefinition] = useState<Definition | null>(null);
  const [activeFps, setActiveFps] = useState(0);
  const [lastAbrReason, setLastAbrReason] = useState<AutoDefinitionReason | null>(null);
  const [error, setError] = useState<PlaybackError | null>(null);
  const [autoMuted, setAutoMuted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const choiceRef = useRef(choice);
  useEffect(() => {
    choiceRef.current = choice;
  }, [choice]);
  const resumeAtRef = useRef<number | null>(null);
  const loadedRef = useRef(false);
  // The previous load's player, still letting go of the element: a new one attached before it
  // has finished is emptied by it and never loads (a new source for the same item, e.g. the full
  // package after signing in at the end of the preview, decision 050).
  const releasingRef = useRef<Promise<void> | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || startSeconds === null) return;
    const abort = new AbortController();
    const cancelled = () => abort.signal.aborted;
    let player: shaka.Player | null = null;
    let playback: StartedPlayback | null = null;
    const showActive = () => {
      const track = player?.getVariantTracks().find((t) => t.active);
      if (!track) return;
      setActiveDefinition(definitionOfTrack(source.renditions, track));
      setActiveFps(track.frameRate ?? 0);
    };
    // Expired links and a failing origin are recovered where playback stopped (decision 007).
    let current = source;
    const recovery = { recovering: false, lastRefreshMs: null as number | null, onBackup: false };
    const recover = async (failure: PlaybackFailure) => {
      const action = recoveryFor(failure, { ...recovery, nowMs: Date.now() });
      if (action === 'ignore') return;
      if (action === 'fail' || !player) {
        setError('load-failed');
        return;
      }
      recovery.recovering = true;
      try {
        await recoverAt(player, action);
      } finally {
        recovery.recovering = false;
      }
    };
    const recoverAt = async (shakaPlayer: shaka.Player, action: 'refresh' | 'backup') => {
      const at = video.currentTime;
      let manifests = backupManifests(current);
      if (action === 'refresh') {
        recovery.lastRefreshMs = Date.now();
        try {
          const resource = await browserClient().call(getVideoResourceByRefreshToken, {
            refreshToken: current.refreshToken,
          });
          current = withFreshResource(current, resource);
          manifests = recovery.onBackup ? backupManifests(current) : current;
        } catch {
          manifests = null;
        }
      } else {
        recovery.onBackup = true;
      }
      if (cancelled()) return;
      if (!manifests || (await reloadAt(shakaPlayer, video, manifests, at)) === 'load-failed') {
        if (!cancelled()) setError('load-failed');
        return;
      }
      if (!cancelled()) showActive();
    };
    const onError = (event: Event) => {
      void recover((event as CustomEvent<PlaybackFailure>).detail);
    };

    void (async () => {
      // The page may have started this very element before hydrating (decision 015).
      const early = resumeAtRef.current === null ? takeEarlyStart(video, source.itemId) : null;
      let started = early ? await early : null;
      if (cancelled()) {
        void started?.player.destroy();
        return;
      }
      if (!started) {
        const shakaLib = await loadShaka();
        await releasingRef.current;
        if (cancelled()) return;
        started = startPlayback(shakaLib, video, {
          source,
          startSeconds: resumeAtRef.current ?? startSeconds,
          abrConfig,
          bufferGoal,
          volume,
          muted,
          autoplay,
        });
        if (!started) {
          setError('not-supported');
          return;
        }
      }
      performance.mark('melon:adopted');
      playback = started;
      player = started.player;
      playerRef.current = player;
      started.onAbrDecision = setLastAbrReason;
      const showAutoMuted = () => {
        setAutoMuted(true);
      };
      if (started.autoMuted) showAutoMuted();
      started.onAutoMuted = showAutoMuted;
      player.addEventListener('variantchanged', showActive);
      player.addEventListener('adaptation', showActive);
      player.addEventListener('error', onError);
      const outcome = await started.outcome;
      if (cancelled()) return;
      if (outcome === 'load-failed') {
        setError('load-failed');
        return;
      }
      loadedRef.current = true;
      applyChoice(player, source, choiceRef.current);
      showActive();
    })();

    return () => {
      abort.abort();
      resumeAtRef.current = video.currentTime > 0 ? video.currentTime : null;
      playerRef.current = null;
      loadedRef.current = false;
      setActiveDefinition(null);
      if (playback) {
        playback.onAbrDecision = null;
        playback.onAutoMuted = null;
      }
      releasingRef.current = player?.destroy().catch(() => undefined) ?? null;
    };
  }, [source, attempt, videoRef, startSeconds, abrConfig, bufferGoal, volume, muted, autoplay]);

  useEffect(() => {
    const player = playerRef.current;
    if (player && loadedRef.current) applyChoice(player, source, choice);
  }, [choice, source]);

  return {
    activeDefinition,
    activeFps,
    lastAbrReason,
    error,
    autoMuted,
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
