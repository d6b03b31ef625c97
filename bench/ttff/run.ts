/**
 * bench/ttff: time to first frame on the video page in Debian's headless Chromium, localhost,
 * from navigation start to the first `playing` event, median of 10 cold loads (a fresh browser
 * context each, so nothing is cached). The ceiling in the same run: a bare page with only a
 * <video> and Shaka Player (the same build, the same buffer settings) on the same manifest,
 * served from the same server. Writes the result into docs/BENCHMARKS.md.
 * Needs the web build (`npm run build`).
 *   node bench/ttff/run.ts [--runs 10] [--dry]
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import { writeBenchmarkSection } from '../report.ts';
import { numberOption } from '../cli-options.ts';
import { bareShakaPage, shakaScriptOf } from '../bare-shaka-page.ts';
import { findDemoItem } from '../demo-items.ts';
import { startDemoServer } from '../server-process.ts';
import { median } from '../statistics.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runs = numberOption('runs', 10);
/** `--dry`: print the table and the breakdown, leave docs/BENCHMARKS.md alone. */
const dry = process.argv.includes('--dry');
const port = 3320;
const origin = `http://127.0.0.1:${port}`;
const targetMs = 1000;

/** Milliseconds from navigation start to each step of one load; `ttff` is the first `playing`. */
type Timeline = Record<string, number>;

/**
 * One cold load in a fresh context: when the document's first byte and last byte arrived, when
 * Shaka's script arrived, the page's own `melon:*` performance marks, and the first `playing`.
 */
async function trial(browser: Browser, url: string, bare: string | null): Promise<Timeline> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(() => {
      // The media element's first events, the first `playing` being the measure.
      const seen: Record<string, number> = {};
      (window as unknown as { __events: Record<string, number> }).__events = seen;
      for (const name of ['loadedmetadata', 'loadeddata', 'canplay', 'playing']) {
        document.addEventListener(
          name,
          () => {
            seen[name] ??= performance.now();
          },
          true,
        );
      }
    });
    if (bare !== null) {
      await context.route(`${origin}/__bench/bare`, (route) =>
        route.fulfill({ contentType: 'text/html', body: bare }),
      );
    }
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __events: Record<string, number> }).__events.playing,
      null,
      { timeout: 30_000 },
    );
    return await page.evaluate(() => {
      const timeline: Record<string, number> = {};
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      if (navigation) {
        timeline.ttfb = navigation.responseStart;
        timeline.html = navigation.responseEnd;
      }
      for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const file = /[^/]*$/.exec(new URL(entry.name).pathname)?.[0] ?? '';
        const step = /shaka/.test(file)
          ? 'shakaFetched'
          : file.endsWith('.mpd')
            ? 'manifestFetched'
            : file.startsWith('init-')
              ? 'initFetched'
              : file.startsWith('seg-')
                ? 'segmentFetched'
                : null;
        if (step) timeline[step] = Math.min(timeline[step] ?? Infinity, entry.responseEnd);
      }
      for (const mark of performance.getEntriesByType('mark')) {
        if (mark.name.startsWith('melon:')) timeline[mark.name.slice(6)] ??= mark.startTime;
      }
      const events = (window as unknown as { __events: Record<string, number> }).__events;
      for (const [name, at] of Object.entries(events)) timeline[name] = at;
      timeline.ttff = events.playing ?? 0;
      return timeline;
    });
  } finally {
    await context.close();
  }
}

/** The steps of the breakdown, as the table names them. */
const STEP_NAMES: Record<string, string> = {
  ttfb: 'first byte of the HTML',
  html: 'last byte of the HTML',
  manifestFetched: 'DASH manifest fetched',
  shakaFetched: 'Shaka script fetched',
  shaka: 'Shaka ready (early start)',
  load: '`player.load()` called',
  app: "app's modules evaluated",
  loaded: '`player.load()` settled',
  initFetched: 'first init segment fetched',
  segmentFetched: 'first media segment fetched',
  loadedmetadata: '`loadedmetadata`',
  loadeddata: '`loadeddata`',
  hydrate: 'hydration starts',
  adopted: "player's hook adopts the playback",
};

/** What the page does for its first frame (decision 015), printed under the table. */
const CHANGES = [
  'What the page does for its first frame (decision 015): an inline script right after the',
  'server-rendered `<video>` queues it with its plan, and a small boot script (async in `<head>`)',
  'creates the Shaka player, configured by the same modules as the player (buffer settings,',
  "Melon's auto-definition, the start position from local storage), and loads the item as soon",
  "as the page has painted and Shaka's script has run (decision 018) — before the app's code;",
  'the app hydrates after the first frame',
  "(at most 1.5 s later) and the player's hook adopts the running playback. Shaka is the DASH",
  'build for ES2021 browsers (500 KB instead of 830 KB), preloaded with high priority beside the',
  'manifest.',
];

if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  throw new Error('build the web app first: npm run build');
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-ttff-'));
const children: ChildProcess[] = [];
await startDemoServer(port, dataDir, children);
try {
  const item = await findDemoItem(
    origin,
    (details) => (details.video_resource?.video_list.length ?? 0) >= 3,
  );
  const manifest = decodeVideoUrl(item.video_resource?.dash_url ?? '');
  if (!manifest) throw new Error('the item has no DASH manifest');
  const bare = bareShakaPage({
    manifest,
    shakaScript: await shakaScriptOf(`${origin}/${item.group_id}`),
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  const melonRuns: Timeline[] = [];
  const ceilingRuns: Timeline[] = [];
  try {
    // One warm-up of each (the server's first render, the OS file cache), then alternate.
    await trial(browser, `${origin}/${item.group_id}`, null);
    await trial(browser, `${origin}/__bench/bare`, bare);
    for (let i = 0; i < runs; i += 1) {
      melonRuns.push(await trial(browser, `${origin}/${item.group_id}`, null));
      ceilingRuns.push(await trial(browser, `${origin}/__bench/bare`, bare));
    }
  } finally {
    await browser.close();
  }
  const melon = melonRuns.map((timeline) => timeline.ttff ?? 0);
  const ceiling = ceilingRuns.map((timeline) => timeline.ttff ?? 0);
  const melonMedian = median(melon);
  const ceilingMedian = median(ceiling);
  const row = (name: string, values: number[]) =>
    `| ${name} | ${Math.round(median(values))} | ${Math.round(Math.min(...values))} | ${Math.round(Math.max(...values))} |`;
  const stepMedians = (timelines: Timeline[]) =>
    new Map(
      [...new Set(timelines.flatMap((timeline) => Object.keys(timeline)))].map((step) => [
        step,
        median(timelines.flatMap((timeline) => (step in timeline ? [timeline[step] ?? 0] : []))),
      ]),
    );
  const melonSteps = stepMedians(melonRuns);
  const ceilingSteps = stepMedians(ceilingRuns);
  const ms = (value: number | undefined) => (value === undefined ? '' : String(Math.round(value)));
  const stepRows = [...new Set([...melonSteps.keys(), ...ceilingSteps.keys()])]
    .filter((step) => step !== 'ttff' && step in STEP_NAMES)
    .sort(
      (a, b) =>
        (melonSteps.get(a) ?? ceilingSteps.get(a) ?? 0) -
        (melonSteps.get(b) ?? ceilingSteps.get(b) ?? 0),
    )
    .map(
      (step) =>
        `| ${STEP_NAMES[step] ?? step} | ${ms(melonSteps.get(step))} | ${ms(ceilingSteps.get(step))} |`,
    );
  const body = [
    `Time to first frame on the video page: navigation start to the first \`playing\` event, headless`,
    `Chromium, localhost, cold (a fresh browser context per load, nothing cached), ${runs} loads each,`,
    `alternating. Item: a ${item.video_resource?.video_list.length ?? 0}-definition demo video (auto-definition on).`,
    `The ceiling is a bare page with only a \`<video>\` and Shaka Player (the same build, from the same`,
    `server, on the same manifest), its HTML served by the browser harness at no server cost.`,
    '',
    '| page | median ms | min ms | max ms |',
    '|---|---|---|---|',
    row('Melon video page (/:mixId, SSR, early start, then hydration)', melon),
    row('bare <video> + Shaka (ceiling)', ceiling),
    '',
    `Melon / ceiling: **${(melonMedian / ceilingMedian).toFixed(2)}×**. Target under ${targetMs} ms: ` +
      `**${melonMedian < targetMs ? 'met' : 'not met'}** (median ${Math.round(melonMedian)} ms).`,
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:ttff\` on a shared 2-core machine` +
      ` (load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the end of the run).`,
    '',
    'Where the time goes (median ms after navigation start):',
    '',
    '| step | Melon | ceiling |',
    '|---|---|---|',
    ...stepRows,
    `| first \`playing\` | ${ms(melonMedian)} | ${ms(ceilingMedian)} |`,
    '',
    ...CHANGES,
  ].join('\n');
  console.log(body);
  if (!dry) await writeBenchmarkSection('ttff', 'Time to first frame (video page)', body);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
