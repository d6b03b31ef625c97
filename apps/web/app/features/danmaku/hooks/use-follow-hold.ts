import { useEffect, useState, type RefObject } from 'react';

/** After the viewer scrolls the list themselves, it stops following playback for this long. */
export const FOLLOW_PAUSE_MS = 5_000;

/**
 * Whether the list should leave its scroll position alone: the viewer scrolled it in the last
 * FOLLOW_PAUSE_MS (wheel, touch, scrollbar, keys), a mouse is over it, or a row or control in it
 * has keyboard focus — rows must not move under a pointer or away from the focus.
 */
export function useFollowHold(element: RefObject<HTMLElement | null>): boolean {
  const [scrolled, setScrolled] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scrolledNow = () => {
      setScrolled(true);
      clearTimeout(timer);
      timer = setTimeout(() => {
        setScrolled(false);
      }, FOLLOW_PAUSE_MS);
    };
    const enter = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(true);
    };
    const leave = () => {
      setHovered(false);
    };
    // A click focuses too, but only keyboard focus is shown and followed by the reader.
    const focusIn = (event: FocusEvent) => {
      setFocused(event.target instanceof Element && event.target.matches(':focus-visible'));
    };
    const focusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && target.contains(event.relatedTarget))) {
        setFocused(false);
      }
    };
    const stop = new AbortController();
    const options = { passive: true, signal: stop.signal };
    for (const name of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      target.addEventListener(name, scrolledNow, options);
    }
    target.addEventListener('pointerenter', enter, options);
    target.addEventListener('pointerleave', leave, options);
    target.addEventListener('focusin', focusIn, options);
    target.addEventListener('focusout', focusOut, options);
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [element]);

  return scrolled || hovered || focused;
}
