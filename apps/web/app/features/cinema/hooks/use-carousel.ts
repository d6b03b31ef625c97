import { useEffect, useState } from 'react';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The current slide of a carousel of `count` slides that moves on every `intervalMs` unless
 * `held` (a pointer over it or focus in it), stopped by the viewer, or the viewer asks for
 * reduced motion. Going to a slide by hand wraps around at both ends.
 */
export function useCarousel(count: number, intervalMs: number, held: boolean) {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const turning = count > 1 && !stopped && !held;

  useEffect(() => {
    if (!turning || prefersReducedMotion()) return;
    const timer = window.setInterval(() => {
      setIndex((current) => (current + 1) % count);
    }, intervalMs);
    return () => {
      window.clearInterval(timer);
    };
  }, [turning, count, intervalMs]);

  const go = (to: number) => {
    setIndex(((to % count) + count) % count);
  };
  return {
    index: Math.min(index, Math.max(count - 1, 0)),
    go,
    previous: () => {
      go(index - 1);
    },
    next: () => {
      go(index + 1);
    },
    stopped,
    toggleStopped: () => {
      setStopped((value) => !value);
    },
    /** Whether it moves on by itself now (screen readers hear changes only when it does not). */
    turning,
  };
}
