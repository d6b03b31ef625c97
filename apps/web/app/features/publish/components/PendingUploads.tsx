import type { PendingUpload } from '~/features/publish/hooks/use-pending-uploads.ts';
import { publishMessages as t } from '~/features/publish/messages.ts';
import { formatBytes } from '~/features/publish/transfer-rate.ts';
import styles from './Publish.module.css';

interface PendingUploadsProps {
  uploads: readonly PendingUpload[];
  onDiscard: (upload: PendingUpload) => void;
}

/** Uploads started earlier in this browser and not published: pick the same file to go on. */
export function PendingUploads({ uploads, onDiscard }: PendingUploadsProps) {
  if (uploads.length === 0) return null;
  return (
    <section className={styles.pending} aria-labelledby="publish-pending-heading">
      <h2 id="publish-pending-heading" className={styles.pendingHeading}>
        {t.pending.heading}
      </h2>
      <ul className={styles.pendingList}>
        {uploads.map((upload) => (
          <li key={upload.key} className={styles.pendingItem}>
            <span className={styles.pendingName}>
              {t.pending.entry(upload.fileName, formatBytes(upload.size))}
            </span>
            <button
              type="button"
              className={styles.textButton}
              aria-label={t.pending.discardLabel(upload.fileName)}
              onClick={() => {
                onDiscard(upload);
              }}
            >
              {t.pending.discard}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{t.pending.hint}</p>
    </section>
  );
}
