import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type FrameLocator, type Page } from './support/test.ts';
import { currentSite } from './support/sites.ts';
import { importDanmaku } from './support/danmaku-import.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';

/*
 * The embeddable player /iframe/:mixId (decision 057) inside another site's page: a page served
 * from http://localhost:<port> (another origin than the site's 127.0.0.1) pastes the code
 * the video page's 分享 → 嵌入代码 copies; the video plays in it with its danmaku. A gone video
 * is a 404 in the frame, and the site's other pages refuse to be framed.
 */

let host: Server;
let hostOrigin = '';
/** The site this worker tests, which the host pages frame. */
const SITE = currentSite().origin;
/** The host page's HTML by path. */
const hostPages = new Map<string, string>();

test.beforeAll(async () => {
  host = createServer((request, response) => {
    const html = hostPages.get(request.url ?? '/');
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

/** Another site's page holding `body`. */
async function openHostPage(page: Page, name: string, body: string): Promise<FrameLocator> {
  hostPages.set(`/${name}`, `<!doctype html><meta charset="utf-8"><title>host</title>${body}`);
  await page.goto(`${hostOrigin}/${name}`);
  return page.frameLocator('iframe');
}

/** Whether the frame's page has hydrated (before, its controls do nothing). */
const frameHydrated = (frame: FrameLocator) =>
  frame.locator('html').evaluate(() => performance.getEntriesByName('melon:hydrated').length > 0);

const currentTime = (frame: FrameLocator) =>
  frame.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

/** Whether the danmaku canvas has any painted pixel. */
const canvasHasInk = (frame: FrameLocator) =>
  frame.locator('[data-danmaku-layer] canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });

test('the copied embed code plays the video with its danmaku on another site', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const details = await findPlayable(request, { minRenditions: 1, minSeconds: 6 });
  const id = details.item_id;
  // Danmaku through the first seconds, so some are on screen whenever the test looks.
  const dir = mkdtempSync(path.join(tmpdir(), 'melon-embed-'));
  const lines = Array.from({ length: 10 }, (_, i) => {
    const at = (0.3 + i * 0.5).toFixed(1);
    return `<d p="${at},1,25,16777215,1700000000,0,e2e,${i}">嵌入弹幕${i}</d>`;
  });
  const file = path.join(dir, 'embed.xml');
  writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?><i>${lines.join('')}</i>`);
  const imported = importDanmaku(id, file);
  expect(imported.status, imported.stderr).toBe(0);

  // 分享 → 嵌入代码 on the video page copies the iframe on the site's origin.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/${id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: '分享' }).click();
  await page
    .getByRole('region', { name: details.title })
    .screenshot({ path: '/tmp/embed/share-menu.png' });
  await page.getByRole('menuitem', { name: '嵌入代码' }).click();
  await expect(page.getByText('嵌入代码已复制')).toBeVisible();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code).toMatch(
    new RegExp(
      `^<iframe src="${SITE.replaceAll('.', '\\.')}/iframe/${id}" .*allowfullscreen></iframe>$`,
    ),
  );

  await page.setViewportSize({ width: 680, height: 400 });
  const frame = await openHostPage(page, 'embed', code);
  // Autoplay is off by default: paused at the start until the viewer presses play.
  const link = frame.getByRole('link', { name: `在甜瓜视频观看：${details.title}` });
  await expect(link).toHaveAttribute('href', `${SITE}/${id}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  const play = frame.getByRole('button', { name: '播放', exact: true }).first();
  await expect(play).toBeVisible();
  await expect.poll(() => frameHydrated(frame)).toBe(true);
  expect(await currentTime(frame)).toBe(0);
  await play.click();
  await expect.poll(() => currentTime(frame), { timeout: 15_000 }).toBeGreaterThan(1.5);
  await expect.poll(() => canvasHasInk(frame)).toBe(true);
  // No sending from a frame: no send bar, and a danmaku offers no menu.
  await expect(frame.getByRole('textbox')).toHaveCount(0);
  // The frame is the whole player: no theater or web fullscreen, the browser's fullscreen stays.
  await expect(frame.getByTestId('theater-toggle')).toHaveCount(0);
  await expect(frame.getByTestId('fullscreen-toggle')).toBeVisible();
  await page.locator('iframe').screenshot({ path: '/tmp/embed/embed-640x360.png' });

  // ?autoplay=1&t=2&danmaku=0: plays at once (muted where sound is refused), from 2 s, no danmaku.
  const src = `${SITE}/iframe/${id}?autoplay=1&t=2&danmaku=0`;
  const bare = await openHostPage(
    page,
    'autoplay',
    `<iframe src="${src}" width="640" height="360" allow="autoplay"></iframe>`,
  );
  await expect.poll(() => currentTime(bare), { timeout: 15_000 }).toBeGreaterThan(2.3);
  await expect(bare.locator('[data-danmaku-layer]')).toHaveCount(0);
});

test('a gone video is a 404 in the frame; other pages refuse to be framed', async ({
  page,
  request,
}) => {
  const missing = await request.get('/iframe/1234567890123456789');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['x-frame-options']).toBeUndefined();

  const frame = await openHostPage(
    page,
    'missing',
    `<iframe src="${SITE}/iframe/1234567890123456789" width="640" height="360"></iframe>`,
  );
  await expect(frame.getByRole('alert')).toContainText('视频不存在或已删除');
  await page.locator('iframe').screenshot({ path: '/tmp/embed/embed-404.png' });
  await expect(frame.getByRole('link', { name: '去甜瓜视频看看' })).toHaveAttribute(
    'href',
    `${SITE}/`,
  );

  // The home page in the same host page: the browser refuses it (frame-ancestors 'self').
  await openHostPage(page, 'home', `<iframe src="${SITE}/" width="640" height="360"></iframe>`);
  await expect
    .poll(
      () =>
        page
          .frames()
          .find((f) => f !== page.mainFrame())
          ?.url() ?? '',
    )
    .toMatch(/^chrome-error:/);
});
