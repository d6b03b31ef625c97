import { useId, useState } from 'react';
import { setStudioCoverFrame } from '@melon/shared/calls/studio.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { StudioVideoDetail } from '@melon/shared/contracts/studio';
import { formatDuration } from '@melon/shared/format/duration';
import { browserClient } from '~/lib/browser-client.ts';
import { playerStoryboard, storyboardTile } from '~/lib/storyboard.ts';
import { studioVideoMessages as t } from '../video-messages.ts';
import frame from './Studio.module.css';
import styles from './StudioVideos.module.css';

interface CoverFrameProps {
  detail: StudioVideoDetail;
  notify: (message: string) => void;
  onChanged: () => void;
}

/** Slider steps: a tenth of a second. */
const STEP_MS = 100;

/**
 * 从视频中选取封面 (for a ready video): a time slider over the video with the storyboard thumbnail at that time,
 * and 设为封面, which has the server grab that exact frame (decision 045).
 */
export function CoverFrame({ detail, notify, onChanged }: CoverFrameProps) {
  const id = useId();
  const durationMs = Math.floor(detail.video.duration * 1000);
  const lastMs = Math.max(0, durationMs - 1);
  const [timeMs, setTimeMs] = useState(Math.floor(lastMs / 3));
  const [busy, setBusy] = useState(false);
  const board = detail.storyboard ? playerStoryboard(detail.storyboard) : null;
  const tile = board ? storyboardTile(board, timeMs / 1000) : null;

  const choose = async () => {
    setBusy(true);
    try {
      await browserClient().call(setStudioCoverFrame, {
        item_id: detail.video.item_id,
        time_ms: timeMs,
      });
      notify(t.cover.done);
      onChanged();
    } catch (error) {
      notify(error instanceof ApiError && error.message ? error.message : t.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.coverEdit}>
      {tile ? (
        <div
          className={styles.framePreview}
          role="img"
          aria-label={t.cover.framePreview(formatDuration(timeMs / 1000))}
          style={{
            width: tile.width,
            height: tile.height,
            backgroundImage: `url(${JSON.stringify(tile.url)})`,
            backgroundPosition: `-${tile.x}px -${tile.y}px`,
          }}
        />
      ) : (
        <p className={frame.note}>{t.cover.noPreview}</p>
      )}
      <label htmlFor={id} className={frame.note}>
        {t.cover.frameTime(formatDuration(timeMs / 1000))}
      </label>
      <input
        id={id}
        type="range"
        className={styles.frameSlider}
        min={0}
        max={lastMs}
        step={STEP_MS}
        value={timeMs}
        aria-valuetext={formatDuration(timeMs / 1000)}
        onChange={(event) => {
          setTimeMs(Number(event.target.value));
        }}
      />
      <button type="button" className={frame.button} disabled={busy} onClick={() => void choose()}>
        {busy ? t.cover.choosing : t.cover.choose}
      </button>
    </div>
  );
}
