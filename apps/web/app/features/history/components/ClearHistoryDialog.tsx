import { useId } from 'react';
import { Modal } from '~/components/ui/Modal.tsx';
import { historyMessages as t } from '../messages.ts';
import styles from './WatchHistory.module.css';

/** Asks before the whole history goes: it cannot come back. */
export function ClearHistoryDialog(props: {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onClose={props.onCancel} className={styles.dialog}>
      <h2 id={titleId} className={styles.dialogTitle}>
        {t.clearTitle}
      </h2>
      <p className={styles.dialogText}>{t.clearText}</p>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.secondaryButton} onClick={props.onCancel}>
          {t.cancel}
        </button>
        <button
          type="button"
          className={styles.primaryButton}
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {t.confirmClear}
        </button>
      </div>
    </Modal>
  );
}
