import { useCallback, useEffect, useState, type RefObject } from 'react';
import { toggleDisplayMode, type DisplayMode } from '../display-mode.ts';

/**
 * Player, theater, web fullscreen and fullscreen (SPEC §4). The mode belongs to the page, so that
 * it outlives the player of one item (auto-advance in a series keeps theater or web fullscreen).
 * Fullscreen is the browser's, on the player box (so the overlay and controls come along);
 * leaving it with Esc returns to the mode before, and a new item's player, whose box is not the
 * fullscreen one, starts from player mode. Web fullscreen fills the window and Esc leaves it too.
 */
export function useDisplayMode(
  boxRef: RefObject<HTMLElement | null>,
  mode: DisplayMode,
  setMode: (mode: DisplayMode) => void,
) {
  const [before, setBefore] = useState<DisplayMode>('player');

  useEffect(() => {
    const onFullscreenChange = () => {
      if (mode === 'fullscreen' && document.fullscreenElement !== boxRef.current) setMode(before);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && mode === 'web-fullscreen') setMode('player');
    };
    onFullscreenChange();
    document.addEventListener('fullscreenchange', onFullscreenChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [mode, before, setMode, boxRef]);

  const toggle = useCallback(
    (pressed: DisplayMode) => {
      const next = toggleDisplayMode(mode, pressed);
      if (pressed === 'fullscreen') {
        if (next === 'fullscreen') {
          setBefore(mode);
          void boxRef.current?.requestFullscreen().then(
            () => {
              setMode('fullscreen');
            },
            () => undefined,
          );
        } else if (document.fullscreenElement) {
          void document.exitFullscreen().catch(() => undefined);
        }
        return;
      }
      if (mode === 'fullscreen' && document.fullscreenElement) {
        void document.exitFullscreen().catch(() => undefined);
      }
      setMode(next);
    },
    [mode, boxRef, setMode],
  );

  return { mode, toggle };
}
