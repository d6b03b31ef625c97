import { useCallback, useSyncExternalStore } from 'react';

/** The video element's events after which the playhead or the buffered range may have moved. */
export const PLAYHEAD_EVENTS = [
  'timeupdate',
  'seeking',
  'seeked',
  'progress',
  'loadedmetadata',
  'durationchange',
  'emptied',
] as const;

/**
 * A value read from the video element again on each of `events` (a constant list): the component
 * renders again only when the value changes (`Object.is`). A clock of whole seconds renders once
 * a second, a flag once when it flips, not the whole player on every timeupdate (decision 075).
 * Without a video, and on the server, it is `fallback`.
 */
export function useVideoValue<T>(
  video: HTMLVideoElement | null,
  events: readonly string[],
  read: (video: HTMLVideoElement) => T,
  fallback: T,
): T {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!video) return () => undefined;
      for (const name of events) video.addEventListener(name, changed);
      return () => {
        for (const name of events) video.removeEventListener(name, changed);
      };
    },
    [video, events],
  );
  return useSyncExternalStore(
    subscribe,
    () => (video ? read(video) : fallback),
    () => fallback,
  );
}

/** The end of the buffered range around the playhead, in seconds. */
export function bufferedEnd(video: HTMLVideoElement): number {
  const time = video.currentTime;
  for (let i = 0; i < video.buffered.length; i += 1) {
    if (video.buffered.start(i) <= time + 0.1 && time <= video.buffered.end(i)) {
      return video.buffered.end(i);
    }
  }
  return time;
}
