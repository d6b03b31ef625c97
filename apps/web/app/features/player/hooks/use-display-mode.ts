import { useCallback, useEffect, useState, type RefObject } from 'react';
import { toggleDisplayMode, type DisplayMode } from '../display-mode.ts';

/**
 * Player, theater, web fullscreen and fullscreen (SPEC §4). Fullscreen is the browser's, on the
 * player box (so the overlay and controls come along); leaving it with Esc returns to the mode
 * before. Web fullscreen fills the window and Esc leaves it too.
 */
export function useDisplayMode(
  boxRef: RefObject<HTMLElement | null>,
  onChange?: (mode: DisplayMode) => void,
) {
  const [mode, setModeState] = useState<DisplayMode>('player');
  const [before, setBefore] = useState<DisplayMode>('player');

  const setMode = useCallback(
    (next: DisplayMode) => {
      setModeState(next);
      onChange?.(next);
    },
    [onChange],
  );

  useEffect(() => {
    const onFullscreenChange = () => {
      if (!document.fullscreenElement && mode === 'fullscreen') setMode(before);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && mode === 'web-fullscreen') setMode('player');
    };
    document.addEventListener('fullscreenchange', onFullscreenChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [mode, before, setMode]);

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
