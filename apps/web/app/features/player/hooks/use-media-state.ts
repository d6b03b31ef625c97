import { useEffect, useState, type RefObject } from 'react';

/**
 * What the controls show of the video element, apart from the playhead: that changes on every
 * timeupdate, and the few parts that show it read it themselves (`useVideoValue`).
 */
export interface MediaState {
  duration: number;
  paused: boolean;
  ended: boolean;
  waiting: boolean;
  /** The first frame has played. */
  started: boolean;
  volume: number;
  muted: boolean;
  rate: number;
  pip: boolean;
}

const EVENTS = [
  'durationchange',
  'loadedmetadata',
  'play',
  'pause',
  'playing',
  'waiting',
  'seeked',
  'ended',
  'volumechange',
  'ratechange',
  'enterpictureinpicture',
  'leavepictureinpicture',
] as const;

/** The video element's state, re-read on each of its events. */
export function useMediaState(
  videoRef: RefObject<HTMLVideoElement | null>,
  initialDuration: number,
): MediaState {
  const [state, setState] = useState<MediaState>({
    duration: initialDuration,
    paused: true,
    ended: false,
    waiting: false,
    started: false,
    volume: 1,
    muted: false,
    rate: 1,
    pip: false,
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = (event?: Event) => {
      setState((previous) => ({
        duration:
          Number.isFinite(video.duration) && video.duration > 0
            ? video.duration
            : previous.duration,
        paused: video.paused,
        ended: video.ended,
        waiting:
          event?.type === 'waiting'
            ? true
            : event?.type === 'playing' || event?.type === 'pause' || event?.type === 'seeked'
              ? false
              : previous.waiting,
        // Playback may have begun before the page hydrated (the early start, decision 015).
        started: previous.started || event?.type === 'playing' || video.played.length > 0,
        volume: video.volume,
        muted: video.muted,
        rate: video.playbackRate,
        pip: document.pictureInPictureElement === video,
      }));
    };
    for (const name of EVENTS) video.addEventListener(name, update);
    update();
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, update);
    };
  }, [videoRef]);

  return state;
}
