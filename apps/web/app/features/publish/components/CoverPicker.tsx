import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '@melon/shared/format/duration';
import { publishMessages as t } from '~/features/publish/messages.ts';
import styles from './Publish.module.css';

interface CoverPickerProps {
  file: File;
  /** Null: the automatic cover. */
  coverTimeMs: number | null;
  onChange: (coverTimeMs: number | null) => void;
}

/**
 * 封面: keep the automatic one, or slide through the local file (played by the browser, not
 * uploaded again) and take the frame on screen. A format the browser cannot play keeps only
 * the automatic cover.
 */
export function CoverPicker({ file, coverTimeMs, onChange }: CoverPickerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(0);
  const [playable, setPlayable] = useState(true);

  // The form is keyed by the file, so this runs once per file; the URL dies with it.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const local = URL.createObjectURL(file);
    element.src = local;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(local);
    };
  }, [file]);

  useEffect(() => {
    if (video.current && coverTimeMs !== null) video.current.currentTime = coverTimeMs / 1000;
  }, [coverTimeMs]);

  const choosing = coverTimeMs !== null;
  const seconds = (coverTimeMs ?? 0) / 1000;

  return (
    <div className={styles.cover}>
      <div className={styles.coverModes} role="radiogroup" aria-label={t.form.cover}>
        <label className={styles.radio}>
          <input
            type="radio"
            name="publish-cover"
            checked={!choosing}
            onChange={() => {
              onChange(null);
            }}
          />
          {t.form.coverAuto}
        </label>
        <label className={styles.radio}>
          <input
            type="radio"
            name="publish-cover"
            checked={choosing}
            disabled={!playable || duration === 0}
            onChange={() => {
              onChange(Math.round((duration / 3) * 1000));
            }}
          />
          {t.form.coverFrame}
        </label>
      </div>
      <div className={choosing ? styles.coverStage : styles.coverStageHidden}>
        {playable && (
          <video
            ref={video}
            className={styles.coverVideo}
            muted
            playsInline
            preload="metadata"
            aria-label={t.form.coverPreview}
            onLoadedMetadata={(event) => {
              setDuration(
                Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0,
              );
            }}
            onError={() => {
              setPlayable(false);
              onChange(null);
            }}
          />
        )}
        {choosing && (
          <div className={styles.coverSlider}>
            <input
              type="range"
              min={0}
              max={Math.max(0, Math.floor(duration * 10) / 10)}
              step={0.1}
              value={seconds}
              aria-label={t.form.coverTime}
              aria-valuetext={formatDuration(seconds)}
              onChange={(event) => {
                onChange(Math.round(Number(event.target.value) * 1000));
              }}
            />
            <span className={styles.hint}>{t.form.coverAt(formatDuration(seconds))}</span>
          </div>
        )}
      </div>
    </div>
  );
}
