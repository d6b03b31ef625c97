import { useEffect, useState, type RefObject } from 'react';

export interface MediaState {
  currentTime: number;
  duration: number;
  /** End of the buffered range around the playhead, in seconds. */
  bufferedEnd: number;
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
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'progress',
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

function bufferedEnd(video: HTMLVideoElement): number {
  const time = video.currentTime;
  for (let i = 0; i < video.buffered.length; i += 1) {
    if (video.buffered.start(i) <= time + 0.1 && time <= video.buffered.end(i)) {
      return video.buffered.end(i);
    }
  }
  return time;
}

/** The video element's state, re-read on each of its events. */
export function useMediaState(
  videoRef: RefObject<HTMLVideoElement | null>,
  initialDuration: number,
): MediaState {
  const [state, setState] = useState<MediaState>({
    currentTime: 0,
    duration: initialDuration,
    bufferedEnd: 0,
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
        currentTime: video.currentTime,
        duration:
          Number.isFinite(video.duration) && video.duration > 0
            ? video.duration
            : previous.duration,
        bufferedEnd: bufferedEnd(video),
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
