/** The rows of a long list worth rendering: the visible ones and a few either side. */
export interface RowWindow {
  readonly first: number;
  /** One past the last. */
  readonly end: number;
}

/**
 * Fixed-height rows only: the rows under a viewport of `viewportPx` scrolled to `scrollTopPx`,
 * widened by `overscan` rows each side, clamped to the list.
 */
export function rowWindow(
  scrollTopPx: number,
  viewportPx: number,
  rowPx: number,
  count: number,
  overscan = 8,
): RowWindow {
  if (count <= 0 || rowPx <= 0) return { first: 0, end: 0 };
  const top = Math.max(0, scrollTopPx);
  const first = Math.max(0, Math.floor(top / rowPx) - overscan);
  const end = Math.min(count, Math.ceil((top + Math.max(0, viewportPx)) / rowPx) + overscan);
  return { first: Math.min(first, end), end };
}

/**
 * Where a list following playback scrolls to: the rows playback has passed end at the bottom of
 * the view, so the danmaku on screen now are the last rows in view (clamped by the browser).
 */
export function followScrollTop(rowsPlayed: number, viewportPx: number, rowPx: number): number {
  return Math.max(0, rowsPlayed * rowPx - Math.max(0, viewportPx));
}

/** The nearest scroll position that shows row `index` whole (keyboard moves through rows). */
export function scrollTopShowing(
  index: number,
  scrollTopPx: number,
  viewportPx: number,
  rowPx: number,
): number {
  const top = index * rowPx;
  if (top < scrollTopPx) return top;
  const bottom = top + rowPx;
  return bottom > scrollTopPx + viewportPx ? Math.max(0, bottom - viewportPx) : scrollTopPx;
}
