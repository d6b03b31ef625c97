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
