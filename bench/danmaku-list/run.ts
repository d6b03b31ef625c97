/**
 * bench/danmaku-list: the video page with a 20 000-danmaku pool beside the same page with an
 * empty pool, in Debian's headless Chromium on localhost: the time to open the page (the `load`
 * event, and the list showing the whole pool) and to scroll 弹幕列表 from the top to the end by
 * two views a frame, as a fling does (frames, p90 frame time, the most rows in the DOM), and a
 * sort by send time. The list call is answered by the browser harness with the pool (made of
 * the fixture pools' rows, mode 7 included), because the server gives at most 6000 danmaku a
 * 6-minute segment and the demo videos are shorter; everything else is the real page and server.
 * Writes the result into docs/BENCHMARKS.md. Needs the web build (`npm run build`).
 *   node bench/danmaku-list/run.ts [--runs 5] [--pool 20000] [--dry]
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { listDanmaku } from '@melon/shared/calls/danmaku.calls';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { findDemoItem } from '../demo-items.ts';
import { startDemoServer } from '../server-process.ts';
import { median, percentile } from '../statistics.ts';
import {
  scrollEndToEnd,
  sortBySendTime,
  watchOpening,
  type OpeningProbe,
  type ScrollProbe,
} from './page-probes.ts';
import { poolAnswer } from './pool-answer.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runs = numberOption('runs', 5);
const poolSize = numberOption('pool', 20_000);
/** `--dry`: print the table, leave docs/BENCHMARKS.md alone. */
const dry = process.argv.includes('--dry');
const port = 3340;
const origin = `http://127.0.0.1:${port}`;
const viewport = { width: 1440, height: 900 };
/** How far the list scrolls each frame: two views of its 384 px. */
const STEP_PX = 768;
/** The list call's answer for the empty pool, and for the segments after the first. */
const NO_DANMAKU = poolAnswer('', 0, 0);

interface Trial {
  load: number;
  answered: number;
  listComplete: number;
  longestTask: number;
  scroll: ScrollProbe;
  sortMs: number;
}

/**
 * One cold load of the page in a fresh context with the list call answered by `answer` (a pool
 * of `count`), then the scroll (at least `minFrames` frames) and the sort.
 */
async function trial(
  browser: Browser,
  url: string,
  answer: string,
  count: number,
  minFrames: number,
): Promise<Trial> {
  const context = await browser.newContext({ viewport });
  try {
    await context.route(
      (address) => address.pathname === listDanmaku.path,
      (route) => {
        const segment = new URL(route.request().url()).searchParams.get('segment_index') ?? '1';
        return route.fulfill({
          contentType: 'application/json',
          body: segment === '1' ? answer : NO_DANMAKU,
        });
      },
    );
    await context.addInitScript(watchOpening, { listPath: listDanmaku.path, expectedCount: count });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => (window as unknown as { __opening: OpeningProbe }).__opening.listComplete !== undefined,
      null,
      { timeout: 60_000 },
    );
    const opening = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      const probe = (window as unknown as { __opening: OpeningProbe }).__opening;
      return { load: navigation?.loadEventEnd ?? 0, ...probe };
    });
    // Paused, the list does not follow playback while it is scrolled.
    await page.locator('video').evaluate((video: HTMLVideoElement) => {
      video.pause();
    });
    const scroll = await page.evaluate(scrollEndToEnd, { stepPx: STEP_PX, minFrames });
    const sortMs = await page.evaluate(sortBySendTime);
    return {
      load: opening.load,
      answered: opening.answered ?? 0,
      listComplete: opening.listComplete ?? 0,
      longestTask: opening.longestTask,
      scroll,
      sortMs,
    };
  } finally {
    await context.close();
  }
}

/** The row of the table: medians over the trials. */
function row(name: string, trials: Trial[]): string {
  const m = (pick: (t: Trial) => number, digits = 0) => median(trials.map(pick)).toFixed(digits);
  return [
    name,
    m((t) => t.load),
    m((t) => t.answered),
    m((t) => t.listComplete),
    m((t) => t.longestTask),
    m((t) => t.scroll.frames.length),
    m((t) => t.scroll.durationMs),
    m((t) => percentile(t.scroll.frames, 0.9), 1),
    m((t) => t.scroll.maxRows),
    m((t) => t.sortMs),
  ].join(' | ');
}

if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  throw new Error('build the web app first: npm run build');
}
const startLoad = loadavg()[0]?.toFixed(1) ?? '?';
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-danmaku-list-'));
const children: ChildProcess[] = [];
try {
  await startDemoServer(port, dataDir, children);
  const item = await findDemoItem(
    origin,
    (details) => (details.video_resource?.video_duration ?? 0) >= 20,
  );
  const url = `${origin}/${item.group_id}`;
  const spanMs = ((item.video_resource?.video_duration ?? 20) - 1) * 1000;
  const full = poolAnswer(item.item_id, poolSize, spanMs);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const withPool: Trial[] = [];
  const withoutPool: Trial[] = [];
  try {
    // One warm-up of each (the server's first render, the OS file cache), then alternate; the
    // empty page is watched at rest for as many frames as the pool's scroll took.
    const warm = await trial(browser, url, full, poolSize, 0);
    await trial(browser, url, NO_DANMAKU, 0, warm.scroll.frames.length);
    for (let i = 0; i < runs; i += 1) {
      const pool = await trial(browser, url, full, poolSize, 0);
      withPool.push(pool);
      withoutPool.push(await trial(browser, url, NO_DANMAKU, 0, pool.scroll.frames.length));
    }
  } finally {
    await browser.close();
  }
  const p90 = median(withPool.map((t) => percentile(t.scroll.frames, 0.9)));
  const pageWork = median(withPool.map((t) => t.listComplete - t.answered));
  const body = [
    `The video page (${viewport.width}×${viewport.height}, headless Chromium \`--disable-gpu\`, localhost,`,
    `a fresh browser context per load) with a ${poolSize.toLocaleString('en')}-danmaku pool beside the same page with`,
    `an empty pool; median of ${runs} loads each, alternating. The pool repeats the rows of the`,
    'fixture pools `comment.xml` and `bilibili.xml` (mode 7 included) with times spread over the',
    "video; the browser harness answers the list call with it, since the server's 6000-a-segment",
    `cap and the short demo videos would hand the page 6000 at most (the answer is ${(full.length / 1e6).toFixed(1)} MB of JSON).`,
    '"Answered": the list call\'s answer arrived (its transfer goes through the harness). "List',
    'complete": the list shows the whole pool (its count and its rows); the gap between the two is',
    "the page's own work on the pool (parse, pool, sort, render). The scroll moves the list from",
    'the top to the end by two views (768 px) a frame, as a fling does; with the empty pool, whose',
    'list has nothing to scroll, the same number of frames is watched at rest. Sort: a click on',
    '发送时间 to the frame after it.',
    '',
    '| pool | `load` ms | answered ms | list complete ms | longest task ms | scroll frames | scroll ms | p90 frame ms | most rows in the DOM | sort ms |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    `| ${row(`${poolSize.toLocaleString('en')} danmaku`, withPool)} |`,
    `| ${row('empty', withoutPool)} |`,
    '',
    `With the pool: the page's work from the answer to the complete list **${Math.round(pageWork)} ms**` +
      ` (median), scroll p90 frame time **${p90.toFixed(1)} ms** (${p90 <= 18 ? 'within' : 'over'} 18 ms).`,
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:danmaku-list\` on a shared 2-core machine` +
      ` (load average ${startLoad} at the start, ${loadavg()[0]?.toFixed(1) ?? '?'} at the end of the run).`,
  ].join('\n');
  console.log(body);
  if (!dry)
    await writeBenchmarkSection(
      'danmaku-list',
      'Danmaku list: a whole pool on the video page',
      body,
    );
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
