import { useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';

/** A pointer resting this long on a card means it: passing over a grid starts nothing. */
const HOVER_INTENT_MS = 250;

export interface HoverPreview {
  /** Whether the card plays its preview now. */
  active: boolean;
  /** Handlers for the card: a mouse resting on it, or keyboard focus inside it. */
  handlers: {
    onPointerEnter: (event: PointerEvent) => void;
    onPointerLeave: () => void;
    onFocus: () => void;
    onBlur: (event: FocusEvent) => void;
  };
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * When a feed card plays its preview clip (decision 038): while a mouse rests on it or focus is
 * inside it; touch does not (a tap opens the video). Nothing loads before, and leaving stops
 * it. A viewer who asked for reduced motion gets no previews.
 */
export function useHoverPreview(enabled: boolean): HoverPreview {
  const [active, setActive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => cancel, []);
  const start = (delayMs: number) => {
    if (!enabled || prefersReducedMotion()) return;
    cancel();
    timer.current = setTimeout(() => {
      setActive(true);
    }, delayMs);
  };
  const stop = () => {
    cancel();
    setActive(false);
  };
  return {
    active,
    handlers: {
      onPointerEnter: (event) => {
        if (event.pointerType === 'mouse') start(HOVER_INTENT_MS);
      },
      onPointerLeave: stop,
      onFocus: () => {
        start(0);
      },
      onBlur: (event) => {
        // Focus moving between the card's own links keeps it playing.
        if (!event.currentTarget.contains(event.relatedTarget)) stop();
      },
    },
  };
}
