import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '@melon/shared/format/duration';
import { formatRelativeTime } from '@melon/shared/format/relative-time';
import { useDanmakuList } from '../hooks/use-danmaku-session.ts';
import type { VideoDanmaku } from '../hooks/use-video-danmaku.ts';
import { rowWindow } from '../list-window.ts';
import { danmakuMessages as t } from '../messages.ts';
import styles from './DanmakuList.module.css';

/** Must match `.row` in the stylesheet: the window maths assumes fixed rows. */
const ROW_PX = 32;
/** Send times are relative; they are refreshed this often. */
const CLOCK_MS = 60_000;

/**
 * 弹幕列表 beside the player: time, text and send time of every loaded danmaku in play order;
 * a row moves playback to its time. Only the rows in view are rendered, so thousands stay smooth.
 */
export function DanmakuList({ danmaku }: { danmaku: VideoDanmaku }) {
  const list = useDanmakuList(danmaku.session);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(400);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, CLOCK_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => {
      setViewport(element.clientHeight);
    });
    observer.observe(element);
    setViewport(element.clientHeight);
    return () => {
      observer.disconnect();
    };
  }, []);

  const { first, end } = rowWindow(scrollTop, viewport, ROW_PX, list.length);

  return (
    <section className={styles.panel} aria-label={t.list.title}>
      <header className={styles.head}>
        <h2>{t.list.title}</h2>
        <span>{t.list.count(list.length)}</span>
      </header>
      <div className={styles.columns} aria-hidden="true">
        <span>{t.list.time}</span>
        <span>{t.list.text}</span>
        <span>{t.list.sendTime}</span>
      </div>
      <div
        ref={scroller}
        className={styles.scroller}
        onScroll={(event) => {
          setScrollTop(event.currentTarget.scrollTop);
        }}
      >
        {list.length === 0 ? (
          <p className={styles.empty}>{t.list.empty}</p>
        ) : (
          <ol className={styles.rows} style={{ height: list.length * ROW_PX }}>
            {list.slice(first, end).map((view, index) => {
              const time = formatDuration(Math.floor(view.offset_ms / 1000));
              return (
                <li key={view.id} className={styles.row} style={{ top: (first + index) * ROW_PX }}>
                  <button
                    type="button"
                    className={styles.jump}
                    title={view.text}
                    aria-label={t.list.jump(time, view.text)}
                    onClick={() => {
                      danmaku.seek(view.offset_ms);
                    }}
                  >
                    <span className={styles.time}>{time}</span>
                    <span className={styles.text}>{view.text}</span>
                    <span className={styles.sent}>{formatRelativeTime(view.send_time, now)}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}
