import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { formatDuration } from '@melon/shared/format/duration';
import { formatRelativeTime } from '@melon/shared/format/relative-time';
import { useDanmakuList } from '../hooks/use-danmaku-session.ts';
import { useFollowHold } from '../hooks/use-follow-hold.ts';
import { useMinuteClock } from '../hooks/use-minute-clock.ts';
import { useScrollBox } from '../hooks/use-scroll-box.ts';
import { PLAYHEAD_EVENTS } from '~/lib/use-video-value.ts';
import type { VideoDanmaku } from '../hooks/use-video-danmaku.ts';
import { rowAfterKey } from '../list-keys.ts';
import { rowsPlayedAt, sortForList, type ListOrder } from '../list-order.ts';
import { listRowText } from '../list-row-text.ts';
import { followScrollTop, rowWindow, scrollTopShowing } from '../list-window.ts';
import { danmakuMessages as t } from '../messages.ts';
import styles from './DanmakuList.module.css';

/** Where playback is, in ms; 0 without a video. */
const playheadMs = (video: HTMLVideoElement | null) =>
  video ? Math.round(video.currentTime * 1000) : 0;

/** Every row is this tall: the window maths needs fixed rows. */
const ROW_PX = 32;
/** The scroll area's height before it is measured (the stylesheet's, on wide screens). */
const VIEWPORT_PX = 384;

/**
 * 弹幕列表 beside the player: time, text and send time of every loaded danmaku, sorted by video
 * time (following playback) or send time; a row moves playback to its time. Only the rows in
 * view are in the DOM, in a scroll area of fixed height, so a pool of any size keeps the page's
 * height and scrolls smoothly. One row is in the tab order; the arrow, page, Home and End keys
 * move between rows.
 */
export function DanmakuList({ danmaku }: { danmaku: VideoDanmaku }) {
  const playOrder = useDanmakuList(danmaku.session);
  const [order, setOrder] = useState<ListOrder>('time');
  const rows = useMemo(() => sortForList(playOrder, order), [playOrder, order]);
  const panel = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const { scrollTop, viewport, onScroll } = useScrollBox(scroller, VIEWPORT_PX);
  const held = useFollowHold(panel);
  const now = useMinuteClock();
  const [activeId, setActiveId] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);

  // Following playback scrolls the list from the video's events, without rendering the list:
  // it renders when the scroll brings other rows into view.
  const following = order === 'time' && !held;
  const { video } = danmaku;
  useEffect(() => {
    const element = scroller.current;
    if (!following || !element) return;
    const follow = () => {
      element.scrollTop = followScrollTop(rowsPlayedAt(rows, playheadMs(video)), viewport, ROW_PX);
    };
    follow();
    if (!video) return;
    for (const name of PLAYHEAD_EVENTS) video.addEventListener(name, follow);
    return () => {
      for (const name of PLAYHEAD_EVENTS) video.removeEventListener(name, follow);
    };
  }, [following, rows, viewport, video]);

  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    pendingFocus.current = null;
    scroller.current
      ?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]`)
      ?.focus({ preventScroll: true });
  });

  const activeIndex = useMemo(
    () => (activeId === null ? -1 : rows.findIndex((view) => view.id === activeId)),
    [rows, activeId],
  );
  const firstVisible = Math.min(rows.length - 1, Math.floor(scrollTop / ROW_PX));
  const tabbable = activeIndex >= 0 ? activeIndex : firstVisible;
  const { first, end } = rowWindow(scrollTop, viewport, ROW_PX, rows.length);
  const shown = Array.from({ length: end - first }, (_, offset) => first + offset);
  // The row in the tab order stays in the DOM, so the focus never falls out of the list.
  if (tabbable >= 0 && (tabbable < first || tabbable >= end)) shown.push(tabbable);

  function sortBy(next: ListOrder): void {
    setOrder(next);
    const element = scroller.current;
    if (!element) return;
    element.scrollTop =
      next === 'sent'
        ? 0
        : followScrollTop(rowsPlayedAt(playOrder, playheadMs(video)), element.clientHeight, ROW_PX);
  }

  function focusRow(index: number): void {
    const view = rows[index];
    const element = scroller.current;
    if (!view || !element) return;
    setActiveId(view.id);
    pendingFocus.current = view.id;
    element.scrollTop = scrollTopShowing(index, element.scrollTop, element.clientHeight, ROW_PX);
  }

  const sortButton = (column: ListOrder, label: string) => (
    <button
      type="button"
      className={styles.sort}
      aria-pressed={order === column}
      aria-label={t.list.sortBy(label)}
      onClick={() => {
        sortBy(column);
      }}
    >
      {label}
    </button>
  );

  return (
    <section ref={panel} className={styles.panel} aria-label={t.list.title}>
      <header className={styles.head}>
        <h2>{t.list.title}</h2>
        <span>{t.list.count(rows.length)}</span>
      </header>
      <div className={styles.columns} role="group" aria-label={t.list.sortLabel}>
        {sortButton('time', t.list.time)}
        <span aria-hidden="true">{t.list.text}</span>
        {sortButton('sent', t.list.sendTime)}
      </div>
      <div ref={scroller} className={styles.scroller} onScroll={onScroll}>
        {rows.length === 0 ? (
          <p className={styles.empty}>{t.list.empty}</p>
        ) : (
          <ol
            className={styles.rows}
            style={{ height: rows.length * ROW_PX }}
            onKeyDown={(event) => {
              const from = activeIndex >= 0 ? activeIndex : firstVisible;
              const to = rowAfterKey(event.key, from, rows.length, Math.floor(viewport / ROW_PX));
              if (to === null) return;
              event.preventDefault();
              focusRow(to);
            }}
          >
            {shown.map((index) => {
              const view = rows[index];
              return (
                view && (
                  <ListRow
                    key={view.id}
                    view={view}
                    index={index}
                    total={rows.length}
                    tabbable={index === tabbable}
                    now={now}
                    onFocus={() => {
                      setActiveId(view.id);
                    }}
                    onJump={() => {
                      danmaku.seek(view.offset_ms);
                    }}
                  />
                )
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}

interface ListRowProps {
  view: DanmakuView;
  index: number;
  total: number;
  tabbable: boolean;
  now: number;
  onFocus: () => void;
  onJump: () => void;
}

function ListRow({ view, index, total, tabbable, now, onFocus, onJump }: ListRowProps) {
  const time = formatDuration(Math.floor(view.offset_ms / 1000));
  const text = listRowText(view);
  const sent = formatRelativeTime(view.send_time, now);
  return (
    <li
      className={styles.row}
      style={{ top: index * ROW_PX, height: ROW_PX }}
      aria-posinset={index + 1}
      aria-setsize={total}
    >
      <button
        type="button"
        className={styles.jump}
        data-row-id={view.id}
        tabIndex={tabbable ? 0 : -1}
        title={text}
        aria-label={t.list.jump(time, text, sent)}
        onFocus={onFocus}
        onClick={onJump}
      >
        <span className={styles.time}>{time}</span>
        <span className={styles.text}>{text}</span>
        <span className={styles.sent}>{sent}</span>
      </button>
    </li>
  );
}
