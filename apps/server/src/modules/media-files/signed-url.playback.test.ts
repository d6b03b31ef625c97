import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { createUser } from '../../testing/factories.ts';
import { createMediaItem, type ReadyItem } from '../../testing/media-factory.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/*
 * The signed URLs in a real Chromium with Shaka Player, the player the site uses: the path
 * token must survive Shaka resolving the manifests' relative segment URLs, for DASH and HLS, on
 * the main and the backup origin; an expired token must reach the player as an HTTP error.
 */

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let item: ReadyItem;
let browser: Browser;
let page: Page;
let origin = '';

const require = createRequire(import.meta.url);

/** A bare page beside the media: Shaka, one <video>, and a function that plays a URL. */
const HARNESS = `<!doctype html><meta charset="utf-8"><video id="v" muted playsinline></video>
<script src="shaka-player.compiled.js"></script>
<script>
  window.play = async (url) => {
    const video = document.getElementById('v');
    const player = new shaka.Player();
    await player.attach(video);
    try {
      await player.load(url);
      await video.play();
      await new Promise((resolve, reject) => {
        player.addEventListener('error', (event) => reject(event.detail));
        video.addEventListener('timeupdate', () => video.currentTime > 1 && resolve());
      });
      const heights = player.getVariantTracks().map((track) => track.height);
      return { ok: true, heights: [...new Set(heights)].sort((a, b) => a - b) };
    } catch (error) {
      return { ok: false, code: error.code, status: error.data && error.data[1] };
    } finally {
      await player.destroy();
    }
  };
</script>`;

beforeAll(async () => {
  t = await createTestApp();
  item = await createMediaItem(t, await createUser(t.db, t.newId));
  // The page and the player are served from the site's origin as public media files are.
  const harnessDir = path.join(t.dataDir, 'media', 'covers');
  await mkdir(harnessDir, { recursive: true });
  await writeFile(path.join(harnessDir, 'harness.html'), HARNESS);
  await copyFile(
    require.resolve('shaka-player/dist/shaka-player.compiled.js'),
    path.join(harnessDir, 'shaka-player.compiled.js'),
  );
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  page = await browser.newPage();
  await page.goto(`${origin}/media/covers/harness.html`);
}, 180_000);
afterAll(async () => {
  await browser.close();
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function resource() {
  const res = await t.app.inject({ url: `/api/videov2/details?group_id=${item.itemId}` });
  const data = res.json<{ data: VideoDetails }>().data.video_resource;
  if (!data) throw new Error('no video resource');
  return data;
}

const atob = (encoded: string) => Buffer.from(encoded, 'base64').toString('utf8');

type PlayResult = { ok: true; heights: number[] } | { ok: false; code: number; status: number };
const play = (url: string) =>
  page.evaluate(
    (u) => (globalThis as unknown as { play: (u: string) => Promise<PlayResult> }).play(u),
    url,
  );

describe('signed URLs in Shaka Player', () => {
  it.each([
    ['DASH', 'dash_url'],
    ['DASH on the backup origin', 'dash_backup_url'],
    ['HLS', 'hls_url'],
    ['HLS on the backup origin', 'hls_backup_url'],
  ] as const)('play %s', async (_, field) => {
    const url = atob((await resource())[field]);
    expect(await play(url)).toEqual({ ok: true, heights: [360, 480] });
  });

  it('reach the player as HTTP 403 once expired, and play again after a refresh', async () => {
    const expired = await resource();
    vi.useFakeTimers({ toFake: ['Date'], now: (expired.url_expire + 1) * 1000 });
    // Shaka's BAD_HTTP_STATUS (1001) with the status the server answered.
    expect(await play(atob(expired.dash_url))).toEqual({ ok: false, code: 1001, status: 403 });
    const refreshed = await t.app.inject({
      url: `/api/videov2/getVideoResourceByRefreshToken?refreshToken=${expired.refresh_token}`,
    });
    const fresh = refreshed.json<{ data: { dash_url: string } }>().data.dash_url;
    expect(await play(atob(fresh))).toEqual({ ok: true, heights: [360, 480] });
  });
});
