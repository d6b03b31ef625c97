/** Milliseconds into the video to draw on the animation frame stamped `frameTime`. */
export type FrameClock = (frameTime: number) => number;

export interface MediaClock {
  readonly read: FrameClock;
  destroy(): void;
}

/**
 * Past this gap between the extrapolated time and the video's own, the clock is anchored again.
 * A frame is first shown up to one display refresh after its media time (33 ms at 30 Hz), so
 * steady playback stays under it; a viewer cannot tell danmaku 40 ms off the picture.
 */
export const driftLimitMs = 40;

/** HTMLMediaElement.HAVE_FUTURE_DATA: below it playback cannot go on. */
const haveFutureData = 3;

interface Anchor {
  /** Video time (ms) shown at `wall`. */
  readonly media: number;
  /** A frame timestamp (performance.now() time base). */
  readonly wall: number;
  /** Taken from a presented video frame rather than from currentTime. */
  readonly fromFrame: boolean;
}

/** Events after which the old anchor says nothing about where the video is. */
const reanchorEvents = ['play', 'playing', 'pause', 'seeking', 'seeked', 'ratechange', 'waiting'];

/**
 * The video's time at any animation frame: anchored on the video's own time (the media time
 * and display time of its frames where requestVideoFrameCallback exists, else currentTime) and
 * extrapolated with playbackRate between updates, so danmaku move on every frame of the screen
 * whatever the video's frame rate. Still while paused, seeking or waiting for data; while
 * playing it never steps back, a seek aside.
 */
export function createMediaClock(video: HTMLVideoElement): MediaClock {
  let anchor: Anchor | undefined;
  let shown = Number.NEGATIVE_INFINITY;
  let waiting = false;
  let frameHandle = 0;
  const tracksFrames = typeof video.requestVideoFrameCallback === 'function';

  const advancing = () =>
    !video.paused && !video.seeking && !waiting && video.readyState >= haveFutureData;
  const extrapolate = (from: Anchor, wall: number) =>
    from.media + (wall - from.wall) * video.playbackRate;
  const drifted = (from: Anchor, wall: number, media: number) =>
    Math.abs(extrapolate(from, wall) - media) > driftLimitMs;

  function read(frameTime: number): number {
    const position = video.currentTime * 1000;
    if (video.paused || video.seeking) {
      anchor = undefined;
      shown = position;
      return shown;
    }
    if (!advancing()) {
      anchor = undefined;
      shown = Math.max(shown, position);
      return shown;
    }
    // Once anchored on a frame, frames alone correct it: currentTime runs ahead of the picture.
    if (!anchor || (!anchor.fromFrame && drifted(anchor, frameTime, position))) {
      anchor = { media: position, wall: frameTime, fromFrame: false };
    }
    shown = Math.max(shown, extrapolate(anchor, frameTime));
    return shown;
  }

  function onVideoFrame(_now: number, frame: VideoFrameCallbackMetadata): void {
    frameHandle = video.requestVideoFrameCallback(onVideoFrame);
    if (!advancing()) return;
    const media = frame.mediaTime * 1000;
    if (!anchor?.fromFrame || drifted(anchor, frame.expectedDisplayTime, media)) {
      anchor = { media, wall: frame.expectedDisplayTime, fromFrame: true };
    }
  }

  const dropAnchor = (event: Event) => {
    anchor = undefined;
    if (event.type === 'waiting') waiting = true;
    if (event.type === 'playing') waiting = false;
  };
  const onEmptied = () => {
    anchor = undefined;
    waiting = false;
    shown = Number.NEGATIVE_INFINITY;
  };
  for (const name of reanchorEvents) video.addEventListener(name, dropAnchor);
  video.addEventListener('emptied', onEmptied);
  if (tracksFrames) frameHandle = video.requestVideoFrameCallback(onVideoFrame);

  return {
    read,
    destroy() {
      for (const name of reanchorEvents) video.removeEventListener(name, dropAnchor);
      video.removeEventListener('emptied', onEmptied);
      if (tracksFrames) video.cancelVideoFrameCallback(frameHandle);
    },
  };
}
