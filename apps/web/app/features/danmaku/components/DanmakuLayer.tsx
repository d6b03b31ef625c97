import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoDanmaku } from '../hooks/use-video-danmaku.ts';
import { useDanmakuEngine } from '../hooks/use-danmaku-engine.ts';
import { commonAncestor, picksDanmaku } from '../pointer-target.ts';
import { DanmakuMenu } from './DanmakuMenu.tsx';
import styles from './DanmakuLayer.module.css';

interface MenuState {
  /** The engine's id of the held comment (a local id for a send not yet answered). */
  id: string;
  x: number;
  y: number;
  /** The pointer is in the lower half: the menu opens above it. */
  above: boolean;
  /** Opened by a tap or click: stays until closed, not just while hovered. */
  pinned: boolean;
}

/** Leaving a comment and its menu lets it go after this long (time to reach the menu). */
const RELEASE_DELAY_MS = 250;

/**
 * The canvas overlay over the player's video: the item's danmaku, the viewer's own bordered,
 * and a menu (点赞/回复/复制/举报) on a hovered or tapped comment, which stops while it is open.
 * Mount it in the player's overlay slot; it covers its positioned parent. Read only, it draws the
 * comments and offers no menu.
 */
export function DanmakuLayer({
  danmaku,
  readOnly = false,
}: {
  danmaku: VideoDanmaku;
  /** Shown only: no menu on a comment (the embeddable player, decision 057). */
  readOnly?: boolean;
}) {
  const { video, session, settings } = danmaku;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const engine = useDanmakuEngine(canvasRef, video, session, settings);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const menuState = useRef<MenuState | null>(null);
  useEffect(() => {
    menuState.current = menu;
  }, [menu]);

  const close = useCallback(() => {
    engine?.release();
    setMenu(null);
  }, [engine]);

  useEffect(() => {
    const layer = layerRef.current;
    const canvas = canvasRef.current;
    if (readOnly || !engine || !layer || !canvas || !video) return undefined;
    const surface = commonAncestor(video, layer) ?? layer;
    let releaseTimer: ReturnType<typeof setTimeout> | undefined;

    const hit = (event: PointerEvent | MouseEvent) => {
      if (!picksDanmaku(event.target, menuRef.current)) return undefined;
      const box = canvas.getBoundingClientRect();
      const x = event.clientX - box.left;
      const y = event.clientY - box.top;
      const comment = engine.commentAt(x, y);
      return comment ? { id: comment.id, x, y, above: y > box.height / 2 } : undefined;
    };
    const cancelRelease = () => {
      clearTimeout(releaseTimer);
    };
    const scheduleRelease = () => {
      cancelRelease();
      releaseTimer = setTimeout(() => {
        if (menuState.current?.pinned) return;
        engine.release();
        setMenu(null);
      }, RELEASE_DELAY_MS);
    };

    const onMove = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      if (menuRef.current?.contains(event.target as Node)) {
        cancelRelease();
        return;
      }
      const found = hit(event);
      const open = menuState.current;
      if (found) {
        cancelRelease();
        if (open?.id === found.id || open?.pinned) return;
        engine.hold(found.id);
        setMenu({ ...found, pinned: false });
      } else if (open && !open.pinned) {
        scheduleRelease();
      }
    };
    // A tap or click on a comment opens its menu and does not reach the player (no pause).
    const onClick = (event: MouseEvent) => {
      if (menuRef.current?.contains(event.target as Node)) return;
      const found = hit(event);
      if (!found) {
        if (menuState.current) {
          event.stopPropagation();
          event.preventDefault();
          engine.release();
          setMenu(null);
        }
        return;
      }
      event.stopPropagation();
      event.preventDefault();
      cancelRelease();
      engine.hold(found.id);
      setMenu({ ...found, pinned: true });
    };
    const onLeave = () => {
      if (!menuState.current?.pinned) scheduleRelease();
    };

    surface.addEventListener('pointermove', onMove);
    surface.addEventListener('click', onClick, true);
    surface.addEventListener('pointerleave', onLeave);
    return () => {
      cancelRelease();
      surface.removeEventListener('pointermove', onMove);
      surface.removeEventListener('click', onClick, true);
      surface.removeEventListener('pointerleave', onLeave);
    };
  }, [engine, video, readOnly]);

  // A seek or a new source clears the screen, and with it the held comment.
  useEffect(() => {
    if (!video) return undefined;
    video.addEventListener('seeking', close);
    return () => {
      video.removeEventListener('seeking', close);
    };
  }, [video, close]);

  const target = menu ? session.pool.get(menu.id) : undefined;

  return (
    // Inline, so no slot's stylesheet can make the overlay catch the player's clicks: pointer
    // events reach the video and are read on the element holding both (see above).
    <div
      ref={layerRef}
      className={styles.layer}
      style={{ pointerEvents: 'none' }}
      data-danmaku-layer=""
    >
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        style={{ pointerEvents: 'none' }}
        aria-hidden="true"
      />
      {menu && target && (
        <DanmakuMenu
          ref={menuRef}
          danmaku={danmaku}
          target={target}
          x={menu.x}
          y={menu.y}
          above={menu.above}
          onClose={close}
        />
      )}
    </div>
  );
}
