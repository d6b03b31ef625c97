import { useEffect, useState, type RefObject, type UIEvent } from 'react';

/** A scroll area's scroll position and visible height, updated as it scrolls and resizes. */
export function useScrollBox(
  element: RefObject<HTMLElement | null>,
  initialViewportPx: number,
): { scrollTop: number; viewport: number; onScroll: (event: UIEvent<HTMLElement>) => void } {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(initialViewportPx);

  useEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    // The observer reports the size once as soon as it observes, then on every change.
    const observer = new ResizeObserver(() => {
      setViewport(target.clientHeight);
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [element]);

  return {
    scrollTop,
    viewport,
    onScroll: (event) => {
      setScrollTop(event.currentTarget.scrollTop);
    },
  };
}
