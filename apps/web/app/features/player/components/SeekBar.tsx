import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatDuration } from '@melon/shared/format/duration';
import { playerMessages as t } from '../messages.ts';
import { SEEK_STEP_S } from '../shortcuts.ts';
import { storyboardTile, type PlayerStoryboard } from '~/lib/storyboard.ts';
import { bufferedEnd, PLAYHEAD_EVENTS, useVideoValue } from '~/lib/use-video-value.ts';
import styles from './Player.module.css';

interface SeekBarProps {
  /** The bar follows its playhead and buffered range on its own: the player does not render. */
  video: HTMLVideoElement | null;
  duration: number;
  storyboard: PlayerStoryboard | null;
  onSeek: (seconds: number) => void;
}

const readCurrentTime = (video: HTMLVideoElement) => video.currentTime;

const share = (value: number, total: number) =>
  total > 0 ? `${Math.min(100, Math.max(0, (value / total) * 100))}%` : '0%';

/** The progress bar: played and buffered parts, and on hover the time with its storyboard thumbnail. */
export function SeekBar({ video, duration, storyboard, onSeek }: SeekBarProps) {
  const currentTime = useVideoValue(video, PLAYHEAD_EVENTS, readCurrentTime, 0);
  const buffered = useVideoValue(video, PLAYHEAD_EVENTS, bufferedEnd, 0);
  const barRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ seconds: number; left: number } | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);

  const timeAt = (clientX: number) => {
    const rect = barRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return { seconds: 0, left: 0 };
    const left = Math.min(rect.width, Math.max(0, clientX - rect.left));
    return { seconds: (left / rect.width) * duration, left };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const at = timeAt(event.clientX);
    setHover(at);
    if (dragging !== null) setDragging(at.seconds);
  };

  const shown = dragging ?? currentTime;
  const tile = hover && storyboard ? storyboardTile(storyboard, hover.seconds) : null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The arrows are the page-wide shortcuts; Home and End are the slider's own.
    if (event.key === 'Home') onSeek(0);
    else if (event.key === 'End') onSeek(Math.max(0, duration - SEEK_STEP_S));
  };

  return (
    <div
      ref={barRef}
      className={styles.seekBar}
      role="slider"
      tabIndex={0}
      aria-label={t.seekBar}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(shown)}
      aria-valuetext={`${formatDuration(shown)} / ${formatDuration(duration)}`}
      data-testid="seek-bar"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        setDragging(timeAt(event.clientX).seconds);
      }}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => {
        if (dragging !== null) onSeek(timeAt(event.clientX).seconds);
        setDragging(null);
      }}
      onPointerCancel={() => {
        setDragging(null);
      }}
      onPointerLeave={() => {
        setHover(null);
      }}
    >
      <div className={styles.seekTrack}>
        <div className={styles.seekBuffered} style={{ width: share(buffered, duration) }} />
        <div className={styles.seekPlayed} style={{ width: share(shown, duration) }} />
        <div className={styles.seekThumb} style={{ left: share(shown, duration) }} />
      </div>
      {hover && (
        <div className={styles.seekPreview} style={{ left: hover.left }} data-testid="seek-preview">
          {tile && (
            <div
              className={styles.seekThumbnail}
              data-testid="storyboard-thumbnail"
              style={{
                width: tile.width,
                height: tile.height,
                backgroundImage: `url("${tile.url}")`,
                backgroundPosition: `-${tile.x}px -${tile.y}px`,
              }}
            />
          )}
          <span className={styles.seekTime}>{formatDuration(hover.seconds)}</span>
        </div>
      )}
    </div>
  );
}
