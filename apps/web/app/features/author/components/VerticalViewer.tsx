import { useId, useRef, type ReactNode, type TouchEvent, type WheelEvent } from 'react';
import { CloseButton } from '~/components/ui/CloseButton.tsx';
import { Modal } from '~/components/ui/Modal.tsx';
import { authorMessages as t } from '../messages.ts';
import {
  clampIndex,
  moveOfKey,
  moveOfSwipe,
  moveOfWheel,
  type Move,
} from '../vertical-navigation.ts';
import styles from './VerticalViewer.module.css';

interface VerticalViewerProps {
  /** The titles of the videos in order; `index` is the one playing. */
  titles: readonly string[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The player of the video at `index` (the page composes it). */
  children: ReactNode;
}

/**
 * The short videos one at a time in a vertical frame: the arrow keys, the wheel and a swipe
 * move to the next or previous one.
 */
export function VerticalViewer({
  titles,
  index,
  onIndexChange,
  onClose,
  children,
}: VerticalViewerProps) {
  const titleId = useId();
  const wheelSum = useRef(0);
  const touchStart = useRef<number | null>(null);
  const go = (move: Move) => {
    const next = clampIndex(index, move, titles.length);
    if (next !== index) onIndexChange(next);
  };
  const onWheel = (event: WheelEvent) => {
    const { move, rest } = moveOfWheel(wheelSum.current, event.deltaY);
    wheelSum.current = rest;
    go(move);
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientY ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const end = event.changedTouches[0]?.clientY;
    if (touchStart.current !== null && end !== undefined) go(moveOfSwipe(touchStart.current, end));
    touchStart.current = null;
  };
  return (
    <Modal labelledBy={titleId} onClose={onClose} className={styles.viewer}>
      <div
        className={styles.frame}
        data-testid="vertical-viewer"
        onWheel={onWheel}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        onKeyDownCapture={(event) => {
          // Before the player's own shortcuts: up and down move between videos here.
          const move = moveOfKey(event.key);
          if (move === 0) return;
          event.preventDefault();
          event.stopPropagation();
          go(move);
        }}
      >
        <header className={styles.bar}>
          <h2 id={titleId} className={styles.title}>
            {titles[index]}
          </h2>
          <span className={styles.position}>{t.position(index + 1, titles.length)}</span>
          <CloseButton label={t.close} size={20} className={styles.close} onClick={onClose} />
        </header>
        <div className={styles.stage}>{children}</div>
        <div className={styles.moves}>
          <button
            type="button"
            onClick={() => {
              go(-1);
            }}
            disabled={index === 0}
            aria-label={t.previous}
          >
            ↑
          </button>
          <button
            type="button"
            onClick={() => {
              go(1);
            }}
            disabled={index >= titles.length - 1}
            aria-label={t.next}
          >
            ↓
          </button>
        </div>
        <p className={styles.hint}>{t.viewerHint}</p>
      </div>
    </Modal>
  );
}
