/** Calls `onFrame` with the video time (ms) of each frame to draw. */
export interface FrameLoop {
  start(): void;
  stop(): void;
  /** One frame at the clock's time, for changes while the video is paused. */
  redraw(): void;
}

type VideoFrames = Partial<
  Pick<HTMLVideoElement, 'requestVideoFrameCallback' | 'cancelVideoFrameCallback'>
>;

/**
 * With a video element that has requestVideoFrameCallback, frames are the video's own, at the
 * media time of the frame shown, so comments never drift from the picture; otherwise
 * requestAnimationFrame reads the caller's clock. Never wall time.
 */
export function createFrameLoop(
  clock: () => number,
  onFrame: (time: number) => void,
  video?: HTMLVideoElement,
): FrameLoop {
  const frames: VideoFrames | undefined = video;
  let running = false;
  let handle = 0;
  let redrawHandle = 0;

  const onVideoFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
    if (!running || !frames?.requestVideoFrameCallback) return;
    handle = frames.requestVideoFrameCallback(onVideoFrame);
    onFrame(metadata.mediaTime * 1000);
  };
  const onAnimationFrame = () => {
    if (!running) return;
    handle = requestAnimationFrame(onAnimationFrame);
    onFrame(clock());
  };

  return {
    start() {
      if (running) return;
      running = true;
      handle = frames?.requestVideoFrameCallback
        ? frames.requestVideoFrameCallback(onVideoFrame)
        : requestAnimationFrame(onAnimationFrame);
    },
    stop() {
      if (!running) return;
      running = false;
      if (frames?.cancelVideoFrameCallback) frames.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
      cancelAnimationFrame(redrawHandle);
      redrawHandle = 0;
    },
    redraw() {
      if (redrawHandle !== 0) return;
      redrawHandle = requestAnimationFrame(() => {
        redrawHandle = 0;
        onFrame(clock());
      });
    },
  };
}
