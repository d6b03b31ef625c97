import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { preinit, preload } from 'react-dom';
import { formatDuration } from '@melon/shared/format/duration';
import { significantFps } from '@melon/shared/format/video-url';
import { localDay, visibleDefinitions, type DefinitionChoice } from '../definitions.ts';
import type { DisplayMode } from '../display-mode.ts';
import { useDisplayMode } from '../hooks/use-display-mode.ts';
import { useMediaSession } from '../hooks/use-media-session.ts';
import { useMediaState } from '../hooks/use-media-state.ts';
import { usePreferences } from '../hooks/use-preferences.ts';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts.ts';
import { useShakaPlayer } from '../hooks/use-shaka-player.ts';
import { usePlayReport } from '../hooks/use-play-report.ts';
import { useWatchProgress } from '../hooks/use-watch-progress.ts';
import { endAction, type LoopMode } from '../loop-mode.ts';
import { playerMessages as t } from '../messages.ts';
import type { PlayerSource } from '../player-source.ts';
import { playerAspectRatio } from '../player-size.ts';
import { SEEK_STEP_S, VOLUME_STEP, type ShortcutAction } from '../shortcuts.ts';
import { skipEndingAt, type StartRule } from '../start-position.ts';
import { AUTO_DEFINITION_DEFAULTS } from '../abr/auto-definition-config.ts';
import { useNonce } from '~/lib/csp-nonce.ts';
import { PLAYHEAD_EVENTS, useVideoValue } from '~/lib/use-video-value.ts';
import { clearPreviewEnded, markPreviewEnded } from '~/lib/preview-session.ts';
import { earlyStartScript } from '../boot/early-start.ts';
import bootScriptUrl from '../boot/player-boot.ts?worker&url';
import { SHAKA_SCRIPT_URL } from '../shaka/load-shaka.ts';
import { BUFFERING_GOAL_S } from '../shaka/player-config.ts';
import { ControlBar } from './ControlBar.tsx';
import { PlayerIcon } from './PlayerIcon.tsx';
import { SeekBar } from './SeekBar.tsx';
import styles from './Player.module.css';

export interface PlayerProps {
  source: PlayerSource;
  title: string;
  author: string;
  /** The page's `start` query parameter, in seconds. */
  startParam: number | null;
  loggedIn: boolean;
  /**
   * A signed-in viewer's stored position (history_duration), when there is one; else the
   * locally stored position.
   */
  historyPosition?: number | null;
  hasNext: boolean;
  /** Items in the series or album the item plays in (0 when none). */
  listSize: number;
  onNext?: () => void;
  onFirst?: () => void;
  /** Drawn above the picture and below the controls, in every display mode (e.g. danmaku). */
  overlay?: ReactNode;
  /** The <video> element, for overlays that follow playback. */
  onVideoElement?: (video: HTMLVideoElement | null) => void;
  /** Loop and display modes belong to the page: they outlive the player of one item. */
  loopMode: LoopMode;
  onLoopModeChange: (mode: LoopMode) => void;
  displayMode: DisplayMode;
  onDisplayModeChange: (mode: DisplayMode) => void;
  autoplay?: boolean;
  /** Whether the page offers theater and web fullscreen (true); not a frame's player. */
  pageModes?: boolean;
  /**
   * What covers the picture when the 6-minute preview ends (the offer to sign in, join or buy);
   * shown only while the source is a preview (decision 050).
   */
  previewEnd?: ReactNode;
}

const IDLE_HIDE_MS = 3000;
const HINT_MS = 4000;
const POSITION_SAVE_EVERY_S = 5;

/** The Shaka-based player with Melon's controls (decision 008). */
export function Player(props: PlayerProps) {
  const { source, title, author, hasNext, listSize, onNext, onFirst } = props;
  // Shaka and the boot script download with the document (from <head>): the page starts
  // playback before it hydrates (decision 015). The boot script runs Shaka once the page has
  // painted (decision 018). Both carry the page's script nonce (decision 025).
  const nonce = useNonce();
  preload(SHAKA_SCRIPT_URL, { as: 'script', fetchPriority: 'high', nonce });
  preinit(bootScriptUrl, { as: 'script', fetchPriority: 'high', nonce });
  // The poster is the page's largest paint until the first frame: fetched from the top of
  // <head>, not once the parser reaches the <video> behind the styles and scripts.
  if (source.posterUrl) preload(source.posterUrl, { as: 'image', fetchPriority: 'high' });
  const autoplay = props.autoplay ?? true;
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // The element as state too, for the parts that follow its events (the seek bar, the clock).
  const [videoElement, setVideoElement] = useState<HTMLVideoElement | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const { startParam, loggedIn } = props;
  const historyPosition = props.historyPosition ?? null;
  const inputs = useMemo(
    () => ({ source, startParam, loggedIn, historyPosition }),
    [source, startParam, loggedIn, historyPosition],
  );
  const prefs = usePreferences(inputs);
  const [userChoice, setChoice] = useState<DefinitionChoice | null>(null);
  const [userSkip, setSkip] = useState<boolean | null>(null);
  const choice = userChoice ?? prefs?.choice ?? 'auto';
  const skip = userSkip ?? prefs?.skip ?? false;
  const [idle, setIdle] = useState(false);
  const [hintDismissed, setHintDismissed] = useState(false);

  const available = useMemo(() => source.renditions.map((r) => r.definition), [source]);
  const definitions = useMemo(
    () => visibleDefinitions(available, prefs?.showUltra ?? false),
    [available, prefs?.showUltra],
  );

  const startRule = prefs?.start.rule;
  const hint = hintDismissed
    ? null
    : startRule === 'skip-opening'
      ? t.skippedOpening
      : startRule === 'remembered' && prefs
        ? t.resumed(formatDuration(prefs.start.seconds))
        : null;

  const playback = useShakaPlayer(videoRef, {
    source,
    startSeconds: prefs?.start.seconds ?? null,
    choice,
    abrConfig: prefs?.abrConfig ?? AUTO_DEFINITION_DEFAULTS,
    bufferGoal: prefs?.bufferGoal ?? BUFFERING_GOAL_S,
    volume: prefs?.volume ?? 1,
    muted: prefs?.muted ?? false,
    autoplay,
  });
  const media = useMediaState(videoRef, source.duration);
  useWatchProgress(videoRef, { itemId: source.itemId, enabled: loggedIn });
  usePlayReport(videoRef, source.itemId);
  const { loopMode } = props;
  const display = useDisplayMode(boxRef, props.displayMode, props.onDisplayModeChange);

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => {
      setHintDismissed(true);
    }, HINT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [hint]);

  // Volume and mute are remembered (decision 008) when the viewer changes them; position every
  // few seconds and on leaving. The values at the first frame are the remembered ones, or the
  // autoplay policy's mute, which is the browser's and not the viewer's: nothing to save.
  const heardRef = useRef<{ volume: number; muted: boolean } | null>(null);
  useEffect(() => {
    if (!prefs || !media.started) return;
    const last = heardRef.current;
    heardRef.current = { volume: media.volume, muted: media.muted };
    if (!last) return;
    if (last.volume !== media.volume) prefs.settings.setVolume(media.volume);
    if (last.muted !== media.muted) prefs.settings.setMuted(media.muted);
  }, [prefs, media.volume, media.muted, media.started]);
  const lastSavedRef = useRef(0);
  useEffect(() => {
    const video = videoElement;
    if (!prefs || !media.started || !video) return;
    const save = () => {
      if (Math.abs(video.currentTime - lastSavedRef.current) < POSITION_SAVE_EVERY_S) return;
      lastSavedRef.current = video.currentTime;
      prefs.settings.setPosition(source.itemId, video.currentTime);
    };
    save();
    video.addEventListener('timeupdate', save);
    return () => {
      video.removeEventListener('timeupdate', save);
    };
  }, [prefs, media.started, source.itemId, videoElement]);
  useEffect(() => {
    const video = videoRef.current;
    if (!prefs || !video) return;
    const save = () => {
      if (video.currentTime > 0 && !video.ended) {
        prefs.settings.setPosition(source.itemId, video.currentTime);
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.removeEventListener('pagehide', save);
    };
  }, [prefs, source.itemId]);

  // Playing the item again starts where SPEC §4 rule 2 says (0, even with skip-opening on).
  const [restartRule, setRestartRule] = useState<StartRule | null>(null);
  const replay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    const start = prefs?.replayStart ?? { seconds: 0, rule: 'replay' };
    setRestartRule(start.rule);
    video.currentTime = start.seconds;
    void video.play().catch(() => undefined);
  }, [prefs]);

  // The preview stops at the clip's end; the tab remembers it for start rule 1 (SPEC §4).
  const [previewEnded, setPreviewEnded] = useState(false);
  const preview = source.preview;
  const offersPreviewEnd = props.previewEnd !== undefined && props.previewEnd !== null;
  const showPreviewEnd = previewEnded && preview !== null;
  useEffect(() => {
    // Entitled now (signed in, joined, bought): the full package plays on from the clip's end.
    if (preview === null && (previewEnded || prefs?.start.rule === 'preview')) {
      clearPreviewEnded(source.itemId);
    }
  }, [preview, previewEnded, prefs, source.itemId]);

  const finish = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (preview) {
      markPreviewEnded(source.itemId, preview.clipEnd);
      // Where the page offers a way on, the player stops there; a list player goes on instead.
      if (offersPreviewEnd) {
        video.pause();
        setPreviewEnded(true);
        return;
      }
    }
    prefs?.settings.setPosition(source.itemId, 0);
    switch (endAction(loopMode, { hasNext, size: listSize })) {
      case 'replay':
        replay();
        return;
      case 'next':
        onNext?.();
        return;
      case 'first':
        onFirst?.();
        return;
      case 'stop':
        video.pause();
        return;
    }
  }, [
    prefs,
    preview,
    offersPreviewEnd,
    source.itemId,
    loopMode,
    hasNext,
    listSize,
    onNext,
    onFirst,
    replay,
  ]);

  // Ending: the natural end, or the ending mark when skip is on.
  const endingAt = skipEndingAt({
    duration: source.duration,
    endingMark: source.endingMark,
    skipEnding: skip,
  });
  const pastEnding = useVideoValue(
    videoElement,
    PLAYHEAD_EVENTS,
    (element) => endingAt !== null && element.currentTime >= endingAt,
    false,
  );
  const finishedRef = useRef(false);
  useEffect(() => {
    const reached = media.ended || pastEnding;
    if (reached && !finishedRef.current) {
      finishedRef.current = true;
      finish();
    } else if (!reached) {
      finishedRef.current = false;
    }
  }, [media.ended, pastEnding, finish]);

  // Stopped at the end: the natural end, or the ending mark where skip stopped it.
  const atEnd = media.ended || (pastEnding && media.paused);
  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video || showPreviewEnd) return;
    if (atEnd) replay();
    else if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, [atEnd, replay, showPreviewEnd]);

  const seek = useCallback(
    (seconds: number) => {
      const video = videoRef.current;
      if (!video) return;
      const duration = Number.isFinite(video.duration) ? video.duration : source.duration;
      video.currentTime = Math.min(Math.max(0, seconds), Math.max(0, duration - 0.1));
    },
    [source.duration],
  );

  const setVolume = useCallback((volume: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = Math.min(1, Math.max(0, volume));
    video.muted = volume <= 0;
  }, []);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (video) video.muted = !video.muted;
  }, []);

  const runShortcut = useCallback(
    (action: ShortcutAction) => {
      const video = videoRef.current;
      if (!video) return;
      switch (action) {
        case 'toggle-play':
          togglePlay();
          return;
        case 'seek-back':
          seek(video.currentTime - SEEK_STEP_S);
          return;
        case 'seek-forward':
          seek(video.currentTime + SEEK_STEP_S);
          return;
        case 'volume-up':
          setVolume(Math.round((video.volume + VOLUME_STEP) * 100) / 100);
          video.muted = false;
          return;
        case 'volume-down':
          setVolume(Math.round((video.volume - VOLUME_STEP) * 100) / 100);
          return;
        case 'fullscreen':
          display.toggle('fullscreen');
          return;
        case 'mute':
          toggleMute();
          return;
      }
    },
    [togglePlay, seek, setVolume, toggleMute, display],
  );
  usePlayerShortcuts(runShortcut);

  useMediaSession(videoRef, {
    title,
    artist: author,
    artworkUrl: source.posterUrl,
    onNext: hasNext ? onNext : undefined,
  });

  const choose = (next: DefinitionChoice) => {
    setChoice(next);
    prefs?.settings.setDefinition(next, localDay(new Date()));
  };

  const togglePip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement)
      void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture().catch(() => undefined);
  };

  // Controls hide after a few idle seconds while playing, and come back on any movement.
  useEffect(() => {
    if (idle || media.paused) return;
    const timer = setTimeout(() => {
      setIdle(true);
    }, IDLE_HIDE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [idle, media.paused]);

  const { onVideoElement } = props;
  const setVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      videoRef.current = element;
      setVideoElement(element);
      onVideoElement?.(element);
    },
    [onVideoElement],
  );

  const earlyStart = useMemo(() => earlyStartScript({ inputs, autoplay }), [inputs, autoplay]);
  const widest = source.renditions.at(-1);
  const ratio = playerAspectRatio(widest ? { width: widest.width, height: widest.height } : null);
  const showBigPlay = media.paused && !media.waiting && playback.error === null && !showPreviewEnd;

  return (
    <div
      ref={boxRef}
      className={styles.player}
      data-display-mode={display.mode}
      data-idle={idle && !media.paused ? 'true' : 'false'}
      data-definition={playback.activeDefinition ?? ''}
      data-choice={choice}
      data-abr-reason={playback.lastAbrReason ?? ''}
      data-start-rule={restartRule ?? prefs?.start.rule ?? ''}
      data-testid="player"
      style={{ aspectRatio: String(ratio) }}
      role="region"
      aria-label={t.player}
      onPointerMove={() => {
        setIdle(false);
      }}
    >
      <video
        ref={setVideo}
        className={styles.video}
        poster={source.posterUrl || undefined}
        playsInline
        preload="auto"
        onClick={togglePlay}
        onDoubleClick={() => {
          display.toggle('fullscreen');
        }}
      />
      <script
        // Starts this <video> as soon as Shaka is there, before hydration (decision 015).
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: earlyStart }}
      />
      {props.overlay && <div className={styles.overlay}>{props.overlay}</div>}
      {(media.waiting || (!media.started && !media.paused)) && playback.error === null && (
        <div className={styles.spinner} role="status" aria-label={t.loading} />
      )}
      {showBigPlay && (
        <button
          type="button"
          className={styles.bigPlay}
          aria-label={atEnd ? t.replay : t.play}
          onClick={togglePlay}
        >
          <PlayerIcon name={atEnd ? 'replay' : 'play'} />
        </button>
      )}
      {playback.autoMuted && media.muted && !showPreviewEnd && (
        <button
          type="button"
          className={styles.unmuteHint}
          onClick={() => {
            if (videoRef.current) videoRef.current.muted = false;
          }}
        >
          {t.autoMuted}
        </button>
      )}
      {playback.error && (
        <div className={styles.errorBox} role="alert">
          <p>{playback.error === 'not-supported' ? t.notSupported : t.loadFailed}</p>
          {playback.error === 'load-failed' && (
            <button type="button" className={styles.retry} onClick={playback.retry}>
              {t.retry}
            </button>
          )}
        </div>
      )}
      {preview && !showPreviewEnd && (
        <p className={styles.previewBadge}>{t.previewBadge(preview.clipEnd)}</p>
      )}
      {showPreviewEnd && props.previewEnd && (
        <div className={styles.previewEnd}>{props.previewEnd}</div>
      )}
      {hint && (
        <p className={styles.hint} role="status">
          {hint}
        </p>
      )}
      <div className={styles.controls}>
        <SeekBar
          video={videoElement}
          duration={media.duration}
          storyboard={source.storyboard}
          onSeek={seek}
        />
        <ControlBar
          media={media}
          video={videoElement}
          definitions={definitions}
          choice={choice}
          activeDefinition={playback.activeDefinition}
          fps={significantFps(playback.activeFps)}
          loopMode={loopMode}
          skip={skip}
          displayMode={display.mode}
          pageModes={props.pageModes ?? true}
          canPip={prefs?.canPip ?? false}
          hasNext={hasNext}
          onTogglePlay={togglePlay}
          onNext={() => onNext?.()}
          onChoose={choose}
          onRate={(rate) => {
            if (videoRef.current) videoRef.current.playbackRate = rate;
          }}
          onVolume={setVolume}
          onToggleMute={toggleMute}
          onLoopMode={props.onLoopModeChange}
          onSkip={(next) => {
            setSkip(next);
            prefs?.settings.setSkip(next);
          }}
          onDisplayMode={display.toggle}
          onTogglePip={togglePip}
        />
      </div>
    </div>
  );
}
