/** Moves playback to `ms`, within the video when its duration is known. */
export function seekVideo(video: HTMLVideoElement, ms: number): void {
  const seconds = Math.max(0, ms / 1000);
  video.currentTime = Number.isFinite(video.duration) ? Math.min(seconds, video.duration) : seconds;
}
