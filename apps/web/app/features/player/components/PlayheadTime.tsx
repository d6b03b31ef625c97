import { formatDuration } from '@melon/shared/format/duration';
import { PLAYHEAD_EVENTS, useVideoValue } from '~/lib/use-video-value.ts';
import styles from './Player.module.css';

const wholeSeconds = (video: HTMLVideoElement) => Math.floor(video.currentTime);

/** 当前时间 / 时长: renders once a second while playing, on its own. */
export function PlayheadTime({
  video,
  duration,
}: {
  video: HTMLVideoElement | null;
  duration: number;
}) {
  const seconds = useVideoValue(video, PLAYHEAD_EVENTS, wholeSeconds, 0);
  return (
    <span className={styles.time} data-testid="player-time">
      {formatDuration(seconds)} / {formatDuration(duration)}
    </span>
  );
}
