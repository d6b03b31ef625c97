/**
 * bench/ttff: time to first frame on the video page in Debian's headless Chromium, localhost,
 * from navigation start to the first `playing` event, median of 10 cold loads (a fresh browser
 * context each, so nothing is cached). The ceiling in the same run: a bare page with only a
 * <video> and Shaka Player (the same build, the same buffer settings) on the same manifest,
 * served from the same server. Writes the result into docs/BENCHMARKS.md.
 * Needs the web build (`npm run build`).
 *   node bench/ttff/run.ts [--runs 10]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { format } from 'prettier';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import { writeBenchmarkSection } from '../report.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const runs = arg('runs', 10);
const port = 3320;
const origin = `http://127.0.0.1:${port}`;
const targetMs = 1000;

interface Envelope<T> {
  data: T;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MELON_DATA_DIR: dataDir,
      MELON_DEMO: '1',
      // Demo videos are transcoded once and kept here between runs.
      MELON_DEMO_CACHE_DIR:
        process.env.MELON_DEMO_CACHE_DIR ?? path.join(root, '.cache/demo-cache'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 900_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready');
}

/** The first ready 16:9 demo item with three definitions or more. */
async function findItem(): Promise<VideoDetails> {
  const feed = (await (
    await fetch(`${origin}/api/feedv2/feedById?channelId=1&count=30`)
  ).json()) as Envelope<{ list: { groupId: string }[] }>;
  for (const cell of feed.data.list) {
    const answer = await fetch(`${origin}/api/videov2/details?group_id=${cell.groupId}`);
    if (!answer.ok) continue;
    const details = ((await answer.json()) as Envelope<VideoDetails>).data;
    if (details.status === 'ready' && (details.video_resource?.video_list.length ?? 0) >= 3) {
      return details;
    }
  }
  throw new Error('no ready demo item with three definitions');
}

/** A page with nothing but a <video> and Shaka, configured as the player configures it. */
function barePage(manifest: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body>
<video id="v" autoplay playsinline style="width:960px;height:540px;background:#000"></video>
<script src="/__bench/shaka.js"></script>
<script>
(async () => {
  shaka.polyfill.installAll();
  const player = new shaka.Player();
  await player.attach(document.getElementById('v'));
  player.configure({
    streaming: { rebufferingGoal: 0.1, bufferingGoal: 30, bufferBehind: 30 },
    manifest: { dash: { ignoreMinBufferTime: true } },
    abr: { defaultBandwidthEstimate: 1000000 },
  });
  await player.load(${JSON.stringify(manifest)});
})();
</script></body></html>`;
}

const shakaScript = readFileSync(
  path.join(root, 'node_modules/shaka-player/dist/shaka-player.compiled.js'),
  'utf8',
);

/** One cold load: a fresh context; milliseconds from navigation start to the first `playing`. */
async function trial(browser: Browser, url: string, bare: string | null): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(() => {
      document.addEventListener(
        'playing',
        () => {
          const w = window as unknown as { __ttff?: number };
          w.__ttff ??= performance.now();
        },
        true,
      );
    });
    if (bare !== null) {
      await context.route(`${origin}/__bench/bare`, (route) =>
        route.fulfill({ contentType: 'text/html', body: bare }),
      );
      await context.route(`${origin}/__bench/shaka.js`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: shakaScript }),
      );
    }
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __ttff?: number }).__ttff, null, {
      timeout: 30_000,
    });
    return await page.evaluate(() => (window as unknown as { __ttff: number }).__ttff);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  throw new Error('build the web app first: npm run build');
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-ttff-'));
const server = await startServer(dataDir);
try {
  const item = await findItem();
  const manifest = decodeVideoUrl(item.video_resource?.dash_url ?? '');
  if (!manifest) throw new Error('the item has no DASH manifest');
  const bare = barePage(manifest);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  const melon: number[] = [];
  const ceiling: number[] = [];
  try {
    // One warm-up of each (the server's first render, the OS file cache), then alternate.
    await trial(browser, `${origin}/${item.group_id}`, null);
    await trial(browser, `${origin}/__bench/bare`, bare);
    for (let i = 0; i < runs; i += 1) {
      melon.push(await trial(browser, `${origin}/${item.group_id}`, null));
      ceiling.push(await trial(browser, `${origin}/__bench/bare`, bare));
    }
  } finally {
    await browser.close();
  }
  const melonMedian = median(melon);
  const ceilingMedian = median(ceiling);
  const row = (name: string, values: number[]) =>
    `| ${name} | ${Math.round(median(values))} | ${Math.round(Math.min(...values))} | ${Math.round(Math.max(...values))} |`;
  const body = [
    `Time to first frame on the video page: navigation start to the first \`playing\` event, headless`,
    `Chromium, localhost, cold (a fresh browser context per load, nothing cached), ${runs} loads each,`,
    `alternating. Item: a ${item.video_resource?.video_list.length ?? 0}-definition demo video (auto-definition on).`,
    `The ceiling is a bare page with only a \`<video>\` and Shaka Player on the same manifest and server.`,
    '',
    '| page | median ms | min ms | max ms |',
    '|---|---|---|---|',
    row('Melon video page (/:mixId, SSR + hydration + player)', melon),
    row('bare <video> + Shaka (ceiling)', ceiling),
    '',
    `Melon / ceiling: **${(melonMedian / ceilingMedian).toFixed(2)}×**. Target under ${targetMs} ms: ` +
      `**${melonMedian < targetMs ? 'met' : 'not met'}** (median ${Math.round(melonMedian)} ms).`,
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:ttff\` on a shared 2-core machine.`,
  ].join('\n');
  const formatted = (await format(body, { parser: 'markdown' })).trimEnd();
  writeBenchmarkSection('ttff', 'Time to first frame (video page)', formatted);
  console.log(body);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
