import { useCallback, useEffect, useRef } from 'react';
import { nextScrollTop } from '~/features/layout/scroll-step.ts';

const INTERRUPTIONS = ['wheel', 'touchstart', 'keydown'] as const;

/**
 * Scrolls the page to the top, one eighth of the remaining distance per animation frame
 * (SPEC §9); the reader taking over (wheel, touch, key) stops it. Reduced motion jumps at once.
 */
export function useScrollToTop(): () => void {
  const cancelRunning = useRef<(() => void) | null>(null);

  useEffect(() => {
    const running = cancelRunning;
    return () => running.current?.();
  }, []);

  return useCallback(() => {
    cancelRunning.current?.();
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      window.scrollTo(0, 0);
      return;
    }
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of INTERRUPTIONS) window.removeEventListener(type, stop);
      cancelRunning.current = null;
    };
    const step = () => {
      const next = nextScrollTop(window.scrollY);
      window.scrollTo(0, next);
      if (next > 0) frame = requestAnimationFrame(step);
      else stop();
    };
    for (const type of INTERRUPTIONS) window.addEventListener(type, stop, { passive: true });
    frame = requestAnimationFrame(step);
    cancelRunning.current = stop;
  }, []);
}
