import { formatCount } from '@melon/shared/format/count';
import { useViewerCount } from '../hooks/use-danmaku-session.ts';
import type { VideoDanmaku } from '../hooks/use-video-danmaku.ts';
import { danmakuMessages as t } from '../messages.ts';
import styles from './DanmakuSendBar.module.css';

/** 「N人正在看」 from the live topic; nothing until the gateway has told the count. */
export function DanmakuViewerCount({ danmaku }: { danmaku: VideoDanmaku }) {
  const count = useViewerCount(danmaku.session);
  if (count === null) return null;
  return (
    <span className={styles.viewers} aria-live="polite">
      {t.viewers(formatCount(count))}
    </span>
  );
}
