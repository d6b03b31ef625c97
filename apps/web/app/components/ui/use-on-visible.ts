import { useEffect, type RefObject } from 'react';

/**
 * Calls `onVisible` once `target` comes within `marginPx` of the viewport. A new callback
 * watches afresh, so a target still in view after a page loaded triggers the next one.
 * No callback: not watching.
 */
export function useOnVisible(
  target: RefObject<Element | null>,
  marginPx: number,
  onVisible: (() => void) | undefined,
): void {
  useEffect(() => {
    const element = target.current;
    if (!element || !onVisible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        onVisible();
      },
      { rootMargin: `${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [target, marginPx, onVisible]);
}
