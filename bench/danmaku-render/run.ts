/**
 * bench/danmaku-render: the most comments on screen at once that still draw at 60 fps (median
 * frame time under 18 ms over the measured seconds), for Melon's engine and for the canvas
 * engine of the `danmaku` package, with the same comments on the same 1280×720 page, in
 * Debian's headless Chromium. Writes the result into docs/BENCHMARKS.md.
 *   node bench/danmaku-render/run.ts [--seconds 10]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { parseBilibiliXml } from '@melon/danmaku/bilibili-xml';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { writeBenchmarkSection } from '../report.ts';
import type { TrialRequest, TrialResult } from './page/trial.ts';
import { numberOption } from '../cli-options.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const fixture = fixturePath('danmaku', 'bilibili.xml');
const measureMs = numberOption('seconds', 10) * 1000;
const budgetMs = 18;
const duration = 8000;
const fontPx = 25;
const fontFamily = '"Noto Sans CJK SC", sans-serif';

/** bilibili.xml's texts on one line each, since the `danmaku` package draws a single line. */
const texts = parseBilibiliXml(readFileSync(fixture, 'utf8'))
  .map((d) => ({ text: d.text.replace(/\s+/g, ' ').trim(), colour: d.colour }))
  .filter((d) => d.text !== '');

async function bundlePage(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'melon-danmaku-bench-'));
  await build({
    configFile: false,
    root: path.join(here, 'page'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2023' },
  });
  return outDir;
}

function serve(dir: string) {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((request, response) => {
    const name = path.normalize(new URL(request.url ?? '/', 'http://x').pathname).slice(1);
    readFile(path.join(dir, name === '' ? 'index.html' : name)).then(
      (body) => {
        response.writeHead(200, { 'content-type': types[path.extname(name || '.html')] ?? '' });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

async function trial(browser: Browser, url: string, engine: TrialRequest['engine'], load: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    await page.goto(url);
    const request: TrialRequest = {
      engine,
      load,
      texts,
      duration,
      warmupMs: duration + 1000,
      measureMs,
      fontFamily,
      fontPx,
    };
    const result: TrialResult = await page.evaluate((r) => window.runTrial(r), request);
    const verdict = result.medianFrameMs < budgetMs ? 'holds' : 'misses';
    console.log(
      `${engine.padEnd(7)} load ${String(load).padStart(5)}: ${result.medianOnScreen} on screen, median frame ${result.medianFrameMs.toFixed(1)} ms, p90 ${result.p90FrameMs.toFixed(1)} ms: ${verdict}`,
    );
    return result;
  } finally {
    await page.close();
  }
}

interface Search {
  readonly engine: TrialRequest['engine'];
  held?: { readonly load: number; readonly result: TrialResult };
  /** The smallest load that missed the budget; 0 until one has. */
  missed: number;
}

/** Doubles the load until one misses the budget, then halves the gap down to 5%. */
function nextLoad(search: Search): number | undefined {
  const low = search.held?.load ?? 0;
  if (search.missed === 0) return low === 0 ? 50 : low * 2;
  if (search.missed - low <= Math.max(10, low * 0.05)) return undefined;
  return Math.round((low + search.missed) / 2);
}

/**
 * Other work on a shared machine only ever slows a trial down, so a miss gets a second try
 * and the better of the two counts.
 */
async function attempt(
  browser: Browser,
  url: string,
  engine: TrialRequest['engine'],
  load: number,
) {
  const first = await trial(browser, url, engine, load);
  if (first.medianFrameMs < budgetMs) return first;
  const second = await trial(browser, url, engine, load);
  return second.medianFrameMs < first.medianFrameMs ? second : first;
}

/** Both searches take turns, so a slow spell of the machine falls on both alike. */
async function searchBoth(browser: Browser, url: string): Promise<Search[]> {
  const searches: Search[] = [
    { engine: 'melon', missed: 0 },
    { engine: 'danmaku', missed: 0 },
  ];
  for (let running = true; running;) {
    running = false;
    for (const search of searches) {
      const load = nextLoad(search);
      if (load === undefined) continue;
      running = true;
      const result = await attempt(browser, url, search.engine, load);
      if (result.medianFrameMs < budgetMs) search.held = { load, result };
      else search.missed = load;
    }
  }
  return searches;
}

const outDir = await bundlePage();
const server = await serve(outDir);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const version = browser.version();
  const [melon, peer] = await searchBoth(browser, server.url);
  const count = (s: Search | undefined) => s?.held?.result.medianOnScreen ?? 0;
  const frame = (s: Search | undefined) =>
    s?.held ? `${s.held.result.medianFrameMs.toFixed(1)} ms` : '–';
  const ratio = count(peer) > 0 ? count(melon) / count(peer) : Number.POSITIVE_INFINITY;
  const danmakuVersion = (
    JSON.parse(
      readFileSync(new URL('../../node_modules/danmaku/package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    }
  ).version;
  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)} in headless Chromium ${version} (\`--disable-gpu\`, software canvas), page 1280×720 at device pixel ratio 1. Both engines draw the same comments: the ${texts.length} texts of \`bilibili.xml\` on one line each (the \`danmaku\` package draws a single line), repeated, bold ${fontPx} px, the file's colours, outlined; all scrolling, each crossing in ${duration / 1000} s, neither dropping any. After ${(duration + 1000) / 1000} s to fill the screen, ${measureMs / 1000} s are measured; the load doubles until the median frame time reaches ${budgetMs} ms, then the gap is halved down to 5%. The two searches take turns, and a load that misses gets a second try (on a shared machine, other work only ever slows a trial down).`,
    '',
    '| engine | most comments on screen at once | median frame time there |',
    '|---|---:|---:|',
    `| Melon \`@melon/danmaku\` (canvas) | ${count(melon)} | ${frame(melon)} |`,
    `| \`danmaku\` ${danmakuVersion} (canvas engine) | ${count(peer)} | ${frame(peer)} |`,
    '',
    `**Ratio: ${ratio.toFixed(2)}×** the \`danmaku\` package (target: at least 2×).`,
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection(
    'danmaku-render',
    'Danmaku rendering: comments on screen at 60 fps beside the danmaku package',
    table,
  );
} finally {
  await browser.close();
  server.close();
  await rm(outDir, { recursive: true, force: true });
}
