/**
 * bench/danmaku-render: the most danmaku on screen at once that still draw at 60 fps (nine
 * frames in ten within 18 ms), for Melon's engine and the canvas engine of the `danmaku`
 * package, with the same comments on the same page in Debian's headless Chromium: on a desktop
 * player (1280×720) and on a phone (390×844 screen, 4× CPU throttle); then Melon with the
 * advanced (mode 7) danmaku of a drawn pool. Writes the result into docs/BENCHMARKS.md.
 *   node bench/danmaku-render/run.ts [--seconds 10]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { parseBilibiliXml } from '@melon/danmaku/bilibili-xml';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { advancedPool, allOnScreen, fixtureAdvanced } from './advanced-pool.ts';
import { searchInTurns, type CapacitySearch } from './capacity-search.ts';
import { servePage } from './page-server.ts';
import type { TrialRequest, TrialResult } from './page/trial.ts';
import { reportSection, type RenderFigures } from './report-section.ts';
import { desktop, phone, type Conditions } from './conditions.ts';

const measureMs = numberOption('seconds', 10) * 1000;
const duration = 8000;
const fontFamily = '"Noto Sans CJK SC", sans-serif';

/** bilibili.xml's texts on one line each, since the `danmaku` package draws a single line. */
const texts = parseBilibiliXml(readFileSync(fixturePath('danmaku', 'bilibili.xml'), 'utf8'))
  .map((d) => ({ text: d.text.replace(/\s+/g, ' ').trim(), colour: d.colour }))
  .filter((d) => d.text !== '');

async function runTrial(
  browser: Browser,
  url: string,
  conditions: Conditions,
  request: TrialRequest,
): Promise<TrialResult> {
  const context = await browser.newContext({
    viewport: conditions.viewport,
    deviceScaleFactor: conditions.deviceScaleFactor,
    isMobile: conditions.mobile,
    hasTouch: conditions.mobile,
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    if (conditions.cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpuSlowdown });
    }
    return await page.evaluate((r) => window.runTrial(r), request);
  } finally {
    await context.close();
  }
}

function logged(label: string, load: number, result: TrialResult): TrialResult {
  console.log(
    `${label.padEnd(16)} load ${String(load).padStart(5)}: ${result.medianOnScreen} on screen, median frame ${result.medianFrameMs.toFixed(1)} ms, p90 ${result.p90FrameMs.toFixed(1)} ms (machine load ${(loadavg()[0] ?? 0).toFixed(1)})`,
  );
  return result;
}

function scrollingSearch(
  browser: Browser,
  url: string,
  conditions: Conditions,
  engine: 'melon' | 'danmaku',
): CapacitySearch {
  const name = `${conditions.name} ${engine}`;
  return {
    name,
    first: 50,
    missed: 0,
    async trial(load) {
      const result = await runTrial(browser, url, conditions, {
        kind: 'scrolling',
        engine,
        load,
        texts,
        duration,
        stage: conditions.stage,
        warmupMs: duration + 1000,
        measureMs,
        fontFamily,
        fontPx: conditions.fontPx,
      });
      return logged(name, load, result);
    },
  };
}

const advancedSource = fixtureAdvanced();
const advancedWindow = allOnScreen(advancedSource);
const advancedWarmupMs = advancedWindow.from + 200;
const advancedMeasureMs = Math.min(measureMs, advancedWindow.until - advancedWarmupMs - 200);

function advancedSearch(browser: Browser, url: string): CapacitySearch {
  const pool = advancedPool(advancedSource);
  const name = 'advanced melon';
  return {
    name,
    first: advancedSource.length,
    most: pool.length,
    missed: 0,
    async trial(load) {
      const result = await runTrial(browser, url, desktop, {
        kind: 'pool',
        comments: pool.slice(0, load),
        stage: desktop.stage,
        warmupMs: advancedWarmupMs,
        measureMs: advancedMeasureMs,
        fontFamily,
      });
      return logged(name, load, result);
    },
  };
}

const server = await servePage();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const loadBefore = loadavg()[0] ?? 0;
try {
  const searches = {
    desktop: [
      scrollingSearch(browser, server.url, desktop, 'melon'),
      scrollingSearch(browser, server.url, desktop, 'danmaku'),
    ],
    phone: [
      scrollingSearch(browser, server.url, phone, 'melon'),
      scrollingSearch(browser, server.url, phone, 'danmaku'),
    ],
    advanced: advancedSearch(browser, server.url),
  } as const;
  await searchInTurns(searches.desktop);
  await searchInTurns(searches.phone);
  await searchInTurns([searches.advanced]);
  const figures: RenderFigures = {
    chromium: browser.version(),
    load: [loadBefore, loadavg()[0] ?? 0],
    texts: texts.length,
    duration,
    measureMs,
    desktop: searches.desktop,
    phone: searches.phone,
    advanced: searches.advanced,
    advancedSource: advancedSource.length,
    advancedMeasureMs,
  };
  const section = reportSection(figures);
  console.log(`\n${section}\n`);
  await writeBenchmarkSection(
    'danmaku-render',
    'Danmaku rendering: comments on screen at 60 fps beside the danmaku package',
    section,
  );
} finally {
  await browser.close();
  await server.close();
}
