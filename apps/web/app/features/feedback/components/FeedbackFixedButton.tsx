import { feedbackMessages as t } from '../messages.ts';
import styles from './FeedbackFixedButton.module.css';
import { FeedbackEntry } from './FeedbackEntry.tsx';

/** 反馈 among the fixed buttons at the bottom right, above 回到顶部; always shown. */
export function FeedbackFixedButton({ notify }: { notify: (message: string) => void }) {
  return (
    <FeedbackEntry className={styles.button} label={t.entry} notify={notify}>
      {t.fixedEntry}
    </FeedbackEntry>
  );
}
