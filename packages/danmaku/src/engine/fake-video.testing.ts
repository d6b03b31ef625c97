/**
 * A video element as the media clock sees it, playing at `fps` on a screen refreshing at `hz`:
 * each {@link FakeVideo.refresh} is one display frame. currentTime moves in whole video frames
 * (the coarsest a browser reports), and a frame is presented, with its
 * requestVideoFrameCallback, on the first refresh whose display time reaches it.
 */
export class FakeVideo extends EventTarget {
  paused = true;
  seeking = false;
  readyState = 4;
  playbackRate = 1;
  /** Stopped for want of data. */
  waiting = false;
  /** The true media position (ms). */
  position = 0;
  /** The timestamp of the current display frame (ms). */
  wall = 0;
  /** How much faster the media runs than the display's clock (audio clocks drift). */
  clockSkew = 1;
  readonly fps: number;
  readonly refreshMs: number;
  private readonly frameCallbacks = new Map<number, VideoFrameRequestCallback>();
  private lastHandle = 0;
  private presented = -1;

  constructor({ fps = 30, hz = 60, frameCallbacks = true } = {}) {
    super();
    this.fps = fps;
    this.refreshMs = 1000 / hz;
    if (!frameCallbacks) {
      Object.defineProperty(this, 'requestVideoFrameCallback', { value: undefined });
    }
  }

  get currentTime(): number {
    return Math.floor((this.position * this.fps) / 1000) / this.fps;
  }

  get advancing(): boolean {
    return !this.paused && !this.seeking && !this.waiting && this.readyState >= 3;
  }

  requestVideoFrameCallback(callback: VideoFrameRequestCallback): number {
    this.frameCallbacks.set(++this.lastHandle, callback);
    return this.lastHandle;
  }

  cancelVideoFrameCallback(handle: number): void {
    this.frameCallbacks.delete(handle);
  }

  get pendingFrameCallbacks(): number {
    return this.frameCallbacks.size;
  }

  /** One display refresh; returns its frame timestamp. */
  refresh(): number {
    this.wall += this.refreshMs;
    if (this.advancing) this.position += this.refreshMs * this.playbackRate * this.clockSkew;
    const displayTime = this.wall + this.refreshMs;
    const ahead = this.advancing ? this.refreshMs * this.playbackRate * this.clockSkew : 0;
    const frame = Math.floor(((this.position + ahead) * this.fps) / 1000);
    if (frame !== this.presented) {
      this.presented = frame;
      const due = [...this.frameCallbacks.values()];
      this.frameCallbacks.clear();
      for (const callback of due) {
        callback(this.wall, {
          mediaTime: frame / this.fps,
          expectedDisplayTime: displayTime,
        } as VideoFrameCallbackMetadata);
      }
    }
    return this.wall;
  }

  play(): void {
    this.paused = false;
    this.fire('play');
    this.fire('playing');
  }

  pause(): void {
    this.paused = true;
    this.fire('pause');
  }

  startSeek(ms: number): void {
    this.seeking = true;
    this.position = ms;
    this.fire('seeking');
  }

  finishSeek(): void {
    this.seeking = false;
    this.fire('seeked');
  }

  setRate(rate: number): void {
    this.playbackRate = rate;
    this.fire('ratechange');
  }

  /**
   * Out of data: the element says `waiting` and drops below HAVE_FUTURE_DATA, or, as some
   * browsers do, keeps claiming future data.
   */
  stall({ readyStateDrops = true } = {}): void {
    this.waiting = true;
    if (readyStateDrops) this.readyState = 2;
    this.fire('waiting');
  }

  resume(): void {
    this.waiting = false;
    this.readyState = 4;
    this.fire('playing');
  }

  asElement(): HTMLVideoElement {
    return this as unknown as HTMLVideoElement;
  }

  private fire(name: string): void {
    this.dispatchEvent(new Event(name));
  }
}
