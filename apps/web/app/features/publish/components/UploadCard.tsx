import { formatDuration } from '@melon/shared/format/duration';
import { ProgressBar } from '~/components/ui/ProgressBar.tsx';
import type { UploadState } from '~/features/publish/hooks/use-resumable-upload.ts';
import { publishMessages as t } from '~/features/publish/messages.ts';
import { formatBytes, formatRate, secondsLeft } from '~/features/publish/transfer-rate.ts';
import styles from './Publish.module.css';

interface UploadCardProps {
  state: UploadState;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

const PHASE_TEXT = {
  uploading: t.upload.uploading,
  retrying: t.upload.retrying,
  offline: t.upload.offline,
  paused: t.upload.paused,
  done: t.upload.done,
  failed: t.upload.failed,
} as const;

/** The file on its way up: progress in percent and bytes, speed, time left, and what to do. */
export function UploadCard({ state, onPause, onResume, onCancel }: UploadCardProps) {
  const { phase, sent, total } = state;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const left = phase === 'uploading' ? secondsLeft(sent, total, state.rate) : null;
  const status =
    phase === 'failed' && state.error
      ? state.error
      : phase === 'uploading' && state.resumed && state.rate === 0
        ? t.upload.resuming
        : PHASE_TEXT[phase];
  const alarming = phase === 'failed' || phase === 'offline';

  return (
    <section className={styles.uploadCard} aria-label={t.upload.label}>
      <div className={styles.uploadHead}>
        <span className={styles.fileName} title={state.fileName}>
          {state.fileName}
        </span>
        <span className={styles.percent}>{percent}%</span>
      </div>
      <ProgressBar
        className={styles.track}
        label={t.upload.label}
        percent={percent}
        valueText={`${percent}%`}
        done={phase === 'done'}
      />
      <div className={styles.uploadMeta}>
        <span
          className={alarming ? styles.statusAlert : styles.status}
          role={alarming ? 'alert' : 'status'}
        >
          {status}
        </span>
        <span>{t.upload.sizes(formatBytes(sent), formatBytes(total))}</span>
        {phase === 'uploading' && <span>{t.upload.speed(formatRate(state.rate))}</span>}
        {left !== null && <span>{t.upload.remaining(formatDuration(left))}</span>}
      </div>
      <div className={styles.uploadActions}>
        {(phase === 'uploading' || phase === 'retrying') && (
          <button type="button" className={styles.secondaryButton} onClick={onPause}>
            {t.upload.pause}
          </button>
        )}
        {(phase === 'paused' || phase === 'failed') && (
          <button type="button" className={styles.secondaryButton} onClick={onResume}>
            {phase === 'paused' ? t.upload.resume : t.upload.retry}
          </button>
        )}
        <button type="button" className={styles.textButton} onClick={onCancel}>
          {phase === 'done' ? t.upload.replace : t.upload.cancel}
        </button>
      </div>
    </section>
  );
}
