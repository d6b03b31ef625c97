import { formatCount } from '@melon/shared/format/count';
import { useViewerCount } from '../hooks/use-danmaku-session.ts';
import type { VideoDanmaku } from '../hooks/use-video-danmaku.ts';
import { danmakuMessages as t } from '../messages.ts';
import styles from './DanmakuSendBar.module.css';

/**
 * 「N人正在看」 from the live topic. Until the gateway has told the count the place is kept
 * empty, so the bar does not move (or wrap on a phone) when the count arrives.
 */
export function DanmakuViewerCount({ danmaku }: { danmaku: VideoDanmaku }) {
  const count = useViewerCount(danmaku.session);
  return (
    <span className={styles.viewers} aria-live="polite">
      {count === null ? '' : t.viewers(formatCount(count))}
    </span>
  );
}
