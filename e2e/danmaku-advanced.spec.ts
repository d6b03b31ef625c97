import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { collectErrors } from './support/accounts.ts';
import { importDanmaku } from './support/danmaku-import.ts';
import { quietDemoVideo } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';

/*
 * bilibili.xml's 267 advanced danmaku (mode 7, a picture made of blocks) imported into a demo
 * video with `melon danmaku import`, the video paused inside their 6.5 s: the stage's pixels
 * show their colours where their own parameters place them on bilibili's 672×438 reference
 * stage fitted to the player (decision 020), at two player sizes, and no danmaku is drawn or
 * listed as its JSON.
 */

const FIXTURE = fixturePath('danmaku', 'bilibili.xml');
const REFERENCE = { width: 672, height: 438 };
/** The engine's line height, in font sizes. */
const LINE_HEIGHT = 1.2;

interface Advanced {
  time: number;
  size: number;
  colour: number;
  x: number;
  y: number;
  alpha: number;
  lifetime: number;
  lines: string[];
}

/** The advanced danmaku of the file, read from its text here rather than by Melon's parser. */
function fixtureAdvanced(): Advanced[] {
  const xml = readFileSync(FIXTURE, 'utf8');
  return [...xml.matchAll(/<d p="([^"]*)">([^<]*)<\/d>/g)].flatMap(([, p = '', text = '']) => {
    const [time, mode, size, colour] = p.split(',').map(Number);
    if (mode !== 7) return [];
    const [x, y, alpha, lifetime, words] = JSON.parse(text) as string[];
    return [
      {
        time: (time ?? 0) * 1000,
        size: size ?? 0,
        colour: colour ?? 0,
        x: Number(x),
        y: Number(y),
        alpha: Number(alpha?.split('-')[0]),
        lifetime: Number(lifetime) * 1000,
        lines: (words ?? '').split('/n'),
      },
    ];
  });
}

const advanced = fixtureAdvanced();
/** When every one of them is on the stage. */
const allOn = Math.max(...advanced.map((d) => d.time));
const firstOff = Math.min(...advanced.map((d) => d.time + d.lifetime));
const seekTo = (allOn + firstOff) / 2;

/** The white-to-yellow 2 px group at x = 30, y = 280–312: nothing else is drawn beside it. */
const smallGroup = advanced.filter((d) => d.x === 30);
/** The opaque blue block at (355, 25) of the picture's right half. */
const blue = advanced.find((d) => d.x === 355 && d.y === 25 && d.alpha === 1);

/**
 * Where the reference stage lies on a canvas of this size (CSS px): fitted whole, centred.
 * Said again here rather than imported, so the engine is checked against decision 020.
 */
function fit(width: number, height: number) {
  const scale = Math.min(width / REFERENCE.width, height / REFERENCE.height);
  return {
    scale,
    left: (width - REFERENCE.width * scale) / 2,
    top: (height - REFERENCE.height * scale) / 2,
  };
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A pixel of the stage: its place in CSS px, then its RGBA. */
type Pixel = [x: number, y: number, r: number, g: number, b: number, a: number];

const stage = (page: Page) => page.locator('[data-danmaku-layer] canvas');

/** The stage's pixels inside a box given in CSS px (only those: a whole stage is megabytes). */
function pixelsIn(page: Page, box: Box): Promise<Pixel[]> {
  return stage(page).evaluate((canvas: HTMLCanvasElement, { x0, y0, x1, y1 }) => {
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    const ratio = canvas.width / canvas.clientWidth;
    const left = Math.max(0, Math.floor(x0 * ratio));
    const top = Math.max(0, Math.floor(y0 * ratio));
    const width = Math.min(canvas.width, Math.ceil(x1 * ratio)) - left;
    const height = Math.min(canvas.height, Math.ceil(y1 * ratio)) - top;
    if (width <= 0 || height <= 0) return [];
    const { data } = context.getImageData(left, top, width, height);
    const pixels: [number, number, number, number, number, number][] = [];
    for (let i = 0; i < data.length; i += 4) {
      const x = left + ((i / 4) % width);
      const y = top + Math.floor(i / 4 / width);
      pixels.push([
        x / ratio,
        y / ratio,
        data[i] ?? 0,
        data[i + 1] ?? 0,
        data[i + 2] ?? 0,
        data[i + 3] ?? 0,
      ]);
    }
    return pixels;
  }, box);
}

/** Whether anything at all is painted on the stage. */
function stageHasInk(page: Page): Promise<boolean> {
  return stage(page).evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
}

const painted = (pixels: Pixel[]) => pixels.filter(([, , , , , a]) => a > 0);

const near = (value: number, channel: number) => Math.abs(value - channel) <= 24;
const isColour = (colour: number, [, , r, g, b, a]: Pixel) =>
  a > 200 && near(colour >> 16, r) && near((colour >> 8) & 0xff, g) && near(colour & 0xff, b);

/** Leading full-width spaces of a line: each is one font size wide. */
const indent = (line: string) => /^\u3000*/.exec(line)?.[0].length ?? 0;

async function openPaused(
  browser: Browser,
  id: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`/${id}`);
  await expect(stage(page)).toBeAttached();
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await video.evaluate(async (v: HTMLVideoElement, ms) => {
    v.muted = true;
    v.pause();
    const seeked = new Promise((resolve) => {
      v.addEventListener('seeked', resolve, { once: true });
    });
    v.currentTime = ms / 1000;
    await seeked;
  }, seekTo);
  return { page, errors, close: () => context.close() };
}

test('advanced danmaku are drawn where their parameters place them, at two player sizes, never as JSON', async ({
  browser,
  request,
}) => {
  // Two player sizes, each a paused video page read pixel by pixel: more than one page's time.
  test.setTimeout(120_000);
  expect(smallGroup).toHaveLength(10);
  expect(blue).toBeDefined();
  const id = (await quietDemoVideo(request, Math.ceil(firstOff / 1000))).item_id;
  const imported = importDanmaku(id, FIXTURE);
  expect(imported.status, imported.stderr).toBe(0);

  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['small', { width: 700, height: 800 }],
  ] as const) {
    const { page, errors, close } = await openPaused(browser, id, viewport);
    await expectPlaced(page);
    await saveScreenshot(page.locator('[data-danmaku-layer]'), `danmaku-advanced-${name}`);
    if (name === 'desktop') {
      // 高级弹幕 in the settings hides them all.
      await page.getByRole('button', { name: '弹幕设置' }).click();
      await page
        .getByRole('dialog', { name: '弹幕设置' })
        .getByRole('checkbox', { name: '高级弹幕' })
        .check();
      await expect.poll(() => stageHasInk(page)).toBe(false);
      await saveScreenshot(page, 'danmaku-advanced-hidden');
    }
    expect(errors).toEqual([]);
    await close();
  }
});

/** Checks the stage's pixels against the danmaku's parameters, and the list for JSON. */
async function expectPlaced(page: Page): Promise<void> {
  const box = await stage(page).evaluate((canvas: HTMLCanvasElement) => ({
    width: canvas.clientWidth,
    height: canvas.clientHeight,
  }));
  const { scale, left, top } = fit(box.width, box.height);
  const place = (x: number, y: number) => ({ x: left + x * scale, y: top + y * scale });
  const tolerance = 2 + scale * 2;

  // The 2 px group, white to yellow: its colours' first column and row are where its positions
  // and leading spaces put them; nothing at all is drawn left of it.
  const band = { y0: place(0, 275).y, y1: place(0, 335).y };
  const ofGroup = (pixel: Pixel) => smallGroup.some((d) => isColour(d.colour, pixel));
  const beside = { x0: 0, x1: place(250, 0).x, ...band };
  await expect.poll(async () => (await pixelsIn(page, beside)).some(ofGroup)).toBe(true);
  const inked = (await pixelsIn(page, beside)).filter(ofGroup);
  const leftmost = Math.min(
    ...smallGroup.flatMap((d) => d.lines.map((line) => d.x + indent(line) * d.size)),
  );
  const firstColumn = Math.min(...inked.map(([x]) => x));
  expect(Math.abs(firstColumn - place(leftmost, 0).x)).toBeLessThan(tolerance);
  const topmost = Math.min(...smallGroup.map((d) => d.y));
  const firstRow = Math.min(...inked.map(([, y]) => y));
  expect(firstRow).toBeGreaterThanOrEqual(place(0, topmost).y - 2);
  expect(firstRow).toBeLessThan(place(0, topmost + 2 * LINE_HEIGHT).y + tolerance);
  const leftOfIt = await pixelsIn(page, { x0: 0, x1: place(leftmost, 0).x - tolerance, ...band });
  expect(painted(leftOfIt)).toEqual([]);

  // The blue block: its lines 6 to 8 are runs of 22 blocks after 5 spaces. Inside them the
  // commonest colour is exactly its own, over a quarter of the area at least (the rest is its
  // outline between the blocks, and the blend of the two at their edges).
  const size = blue?.size ?? 0;
  const runs = place((blue?.x ?? 0) + 6 * size, (blue?.y ?? 0) + 5 * size * LINE_HEIGHT);
  const runsEnd = place((blue?.x ?? 0) + 25 * size, (blue?.y ?? 0) + 8 * size * LINE_HEIGHT);
  const core = await pixelsIn(page, { x0: runs.x, y0: runs.y, x1: runsEnd.x, y1: runsEnd.y });
  const counts = new Map<string, number>();
  for (const [, , r, g, b, a] of core) {
    if (a === 255) counts.set(`${r},${g},${b}`, (counts.get(`${r},${g},${b}`) ?? 0) + 1);
  }
  const [commonest, count = 0] = [...counts].sort((x, y) => y[1] - x[1])[0] ?? [];
  const colour = blue?.colour ?? 0;
  expect(commonest).toBe(`${colour >> 16},${(colour >> 8) & 0xff},${colour & 0xff}`);
  expect(count / core.length).toBeGreaterThan(0.25);

  // No danmaku as its JSON: the top row (where a top danmaku would be) is empty, and the list
  // shows none.
  const topRow = await pixelsIn(page, { x0: 0, x1: box.width, y0: 0, y1: place(0, 15).y });
  expect(painted(topRow)).toEqual([]);
  await expect(page.getByRole('region', { name: '弹幕列表' })).not.toContainText('["');
}
