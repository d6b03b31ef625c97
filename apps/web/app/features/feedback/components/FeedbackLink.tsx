import { feedbackMessages as t } from '../messages.ts';
import styles from './FeedbackLink.module.css';
import { FeedbackEntry } from './FeedbackEntry.tsx';

/** 意见反馈 as a text link among the side menu's footer links (下载客户端, 侵权投诉). */
export function FeedbackLink({ notify }: { notify: (message: string) => void }) {
  return (
    <FeedbackEntry className={styles.link} notify={notify}>
      {t.entry}
    </FeedbackEntry>
  );
}
