/*
 * What the bench measures inside the video page. Each function runs in the page (passed to
 * Playwright's evaluate or addInitScript), so it is self-contained: it finds the list as the
 * page names it, a region labelled 弹幕列表.
 */

export interface OpeningProbe {
  /** ms from navigation start until the list call's answer has arrived. */
  answered?: number;
  /** ms from navigation start until the list shows the whole answer (its count, and a row). */
  listComplete?: number;
  /** The longest main-thread task (≥ 50 ms) seen, in ms; 0 when there was none. */
  longestTask: number;
}

/**
 * Installed before the page loads: records when the list call (`listPath`) is answered, watches
 * every frame after it for the list showing `expectedCount` (with a row when there is any), and
 * records main-thread long tasks.
 */
export function watchOpening({
  listPath,
  expectedCount,
}: {
  listPath: string;
  expectedCount: number;
}): void {
  const probe: OpeningProbe = { longestTask: 0 };
  (window as unknown as { __opening: OpeningProbe }).__opening = probe;
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      probe.longestTask = Math.max(probe.longestTask, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries() as PerformanceResourceTiming[]) {
      if (new URL(entry.name).pathname === listPath) probe.answered ??= entry.responseEnd;
    }
  }).observe({ type: 'resource', buffered: true });
  const frame = () => {
    const count = document.querySelector('[aria-label="弹幕列表"] header span')?.textContent;
    const hasRow = document.querySelector('[aria-label="弹幕列表"] li') !== null;
    const shown = count === `共 ${expectedCount} 条` && (expectedCount === 0 || hasRow);
    if (probe.answered !== undefined && shown) {
      probe.listComplete = performance.now();
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

export interface ScrollProbe {
  /** Frame to frame times of the scroll, ms. */
  frames: number[];
  durationMs: number;
  /** The most row elements the list held at once. */
  maxRows: number;
}

/**
 * Scrolls the list's scroll area by `stepPx` every animation frame from the top to the end, as
 * a fling would, and records the frames; keeps going, idle, until `minFrames` frames when the
 * end comes sooner (an empty list has nothing to scroll: its frames are the page at rest).
 */
export function scrollEndToEnd({
  stepPx,
  minFrames,
}: {
  stepPx: number;
  minFrames: number;
}): Promise<ScrollProbe> {
  const region = document.querySelector('[aria-label="弹幕列表"]');
  const area = region?.lastElementChild;
  if (!(area instanceof HTMLElement)) throw new Error('no list on the page');
  area.scrollTop = 0;
  return new Promise((resolve) => {
    const frames: number[] = [];
    let maxRows = 0;
    let start = 0;
    let last = 0;
    const frame = (now: number) => {
      if (start === 0) start = now;
      else frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, area.querySelectorAll('li').length);
      const atEnd = area.scrollTop + area.clientHeight >= area.scrollHeight - 1;
      if (atEnd && frames.length >= minFrames) {
        resolve({ frames, durationMs: now - start, maxRows });
        return;
      }
      if (!atEnd) area.scrollTop += stepPx;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** ms from a click on 发送时间 (sort by send time) to the frame after it. */
export function sortBySendTime(): Promise<number> {
  const button = document.querySelector<HTMLButtonElement>(
    '[aria-label="弹幕列表"] [aria-label="按发送时间排序"]',
  );
  if (!button) throw new Error('no sort button');
  const start = performance.now();
  button.click();
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(() => {
        resolve(performance.now() - start);
      });
    });
  });
}
