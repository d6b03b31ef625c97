/**
 * Turns ffmpeg's `-progress pipe:1` lines into whole percents of `durationSeconds`, reporting each
 * percent once. 100 is left to the caller: ffmpeg is done before the output is in place.
 */
export function progressReader(
  durationSeconds: number,
  onProgress: (percent: number) => void,
): (line: string) => void {
  let reported = -1;
  return (line) => {
    const [key, value] = line.trim().split('=');
    if (key !== 'out_time_us' || value === undefined || durationSeconds <= 0) return;
    const seconds = Number(value) / 1e6;
    if (!Number.isFinite(seconds)) return;
    const percent = Math.min(Math.max(Math.floor((seconds / durationSeconds) * 100), 0), 99);
    if (percent > reported) {
      reported = percent;
      onProgress(percent);
    }
  };
}
