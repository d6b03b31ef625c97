import { useId } from 'react';
import type { CommentView } from '@melon/shared/contracts/comment';
import { Modal } from '~/components/ui/Modal.tsx';
import { commentMessages as t } from '../messages.ts';
import styles from './CommentArea.module.css';

/** 删除评论: asks before a comment (with its replies) or a reply is deleted. */
export function DeleteCommentDialog(props: {
  comment: CommentView;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const { comment, onConfirm, onClose } = props;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className={styles.dialog}>
      <h2 id={titleId} className={styles.dialogTitle}>
        {t.deleteTitle}
      </h2>
      <p className={styles.dialogText}>
        {comment.root_id === null ? t.deleteConfirm : t.deleteReplyConfirm}
      </p>
      <div className={styles.dialogActions}>
        <button type="button" className={styles.cancel} onClick={onClose}>
          {t.cancel}
        </button>
        <button
          type="button"
          className={styles.send}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {t.delete}
        </button>
      </div>
    </Modal>
  );
}
