/** Below this overlay width (CSS px) danmaku shrink with the player, as on phones. */
const FULL_SIZE_WIDTH = 640;
const SMALLEST_FACTOR = 0.5;

/**
 * How much smaller danmaku are drawn on a small player: 1 from 640 px up, down to 0.5, so a
 * phone shows several rows instead of four giant ones. It multiplies the viewer's own font scale.
 */
export function fontFactor(overlayWidthPx: number): number {
  if (!Number.isFinite(overlayWidthPx) || overlayWidthPx <= 0) return 1;
  return Math.min(1, Math.max(SMALLEST_FACTOR, overlayWidthPx / FULL_SIZE_WIDTH));
}
