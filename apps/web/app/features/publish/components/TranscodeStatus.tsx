import { Link } from 'react-router';
import { ProgressBar } from '~/components/ui/ProgressBar.tsx';
import { useTranscodeProgress } from '~/lib/use-transcode-progress.ts';
import { publishMessages as t } from '~/features/publish/messages.ts';
import styles from './Publish.module.css';

interface TranscodeStatusProps {
  itemId: string;
  onAnother: () => void;
}

/** After 发布: the transcoding progress, live, until the video plays (去看看) or fails. */
export function TranscodeStatus({ itemId, onAnother }: TranscodeStatusProps) {
  const { state, progress, message, reconnecting } = useTranscodeProgress(itemId);
  const percent = state === 'ready' ? 100 : progress;
  const text =
    state === 'ready'
      ? t.transcode.ready
      : state === 'failed'
        ? (message ?? t.transcode.failed)
        : progress === 0
          ? t.transcode.queued
          : t.transcode.processing(progress);

  return (
    <section className={styles.transcode} aria-labelledby="publish-transcode-heading">
      <h2 id="publish-transcode-heading" className={styles.sectionHeading}>
        {state === 'processing' ? t.transcode.heading : text}
      </h2>
      <ProgressBar
        className={styles.track}
        label={t.transcode.label}
        percent={percent}
        done={state === 'ready'}
      />
      <p
        className={state === 'failed' ? styles.statusAlert : styles.status}
        role={state === 'failed' ? 'alert' : 'status'}
      >
        {reconnecting && state === 'processing' ? t.transcode.lost : text}
      </p>
      <div className={styles.uploadActions}>
        {state === 'ready' && (
          <Link to={`/${itemId}`} className={styles.primaryLink}>
            {t.transcode.watch}
          </Link>
        )}
        {state !== 'processing' && (
          <button type="button" className={styles.secondaryButton} onClick={onAnother}>
            {t.transcode.another}
          </button>
        )}
      </div>
    </section>
  );
}
