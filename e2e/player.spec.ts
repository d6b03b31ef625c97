import { expect, test, type Page } from '@playwright/test';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { findPlayable } from './support/playable.ts';

/**
 * The video page in Chromium (issue #4): it plays, a manual definition switch takes effect, and
 * auto-definition goes down under CDP network throttling without a stall longer than 2 s.
 */

declare global {
  interface Window {
    /** Media errors and stalls seen by the page, recorded from the first script on. */
    __playback: { errors: string[]; stalls: number[]; waitingSince: number | null };
  }
}

/** Records media `error` events and every stall (waiting → playing) with its length in ms. */
async function recordPlayback(page: Page) {
  await page.addInitScript(() => {
    const record: Window['__playback'] = { errors: [], stalls: [], waitingSince: null };
    window.__playback = record;
    document.addEventListener(
      'error',
      (event) => {
        if (event.target instanceof HTMLMediaElement) {
          record.errors.push(event.target.error?.message ?? 'media error');
        }
      },
      true,
    );
    document.addEventListener(
      'waiting',
      (event) => {
        const video = event.target as HTMLMediaElement;
        if (!video.seeking && video.played.length > 0) record.waitingSince = performance.now();
      },
      true,
    );
    document.addEventListener(
      'playing',
      () => {
        if (record.waitingSince !== null) {
          record.stalls.push(performance.now() - record.waitingSince);
          record.waitingSince = null;
        }
      },
      true,
    );
  });
}

const currentTime = (page: Page) =>
  page
    .locator('[data-testid="player"] video')
    .evaluate((video: HTMLVideoElement) => video.currentTime);

const playback = (page: Page) => page.evaluate(() => window.__playback);

let item: VideoDetails;

test.beforeAll(async ({ request }) => {
  item = await findPlayable(request, { minRenditions: 3, minSeconds: 20 });
});

test('the video page is server-rendered with the video data', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`/${item.group_id}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText(item.title);
  await expect(page).toHaveTitle(new RegExp(item.title));
  await expect(page.getByTestId('author-card')).toContainText(item.user_info.name);
  await expect(page.locator('[data-testid="player"] video')).toHaveAttribute(
    'poster',
    item.cover_url,
  );
  // The side menu is hidden on the video page (SPEC §2).
  await expect(page.locator('nav[aria-label="频道"]')).toHaveCount(0);
  await context.close();
});

test('the video page plays without error events', async ({ page }) => {
  await recordPlayback(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${item.group_id}`);
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-definition', /p$/);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1.5);
  const before = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 1);
  await expect(player.getByRole('alert')).toHaveCount(0);
  expect((await playback(page)).errors).toEqual([]);
  // The player takes 63.75% of the page's content width.
  const box = await player.boundingBox();
  expect(box?.width).toBeGreaterThan(1440 * 0.6 - 48);
  expect(box?.width).toBeLessThan(1440 * 0.6375);
  await page.screenshot({ path: '/tmp/shots/video-page-1440.png' });

  // Storyboard thumbnail on hovering the seek bar.
  const seekBar = page.getByTestId('seek-bar');
  const bar = await seekBar.boundingBox();
  if (!bar) throw new Error('no seek bar');
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await expect(page.getByTestId('storyboard-thumbnail')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/video-page-seek-preview.png' });

  // Shortcuts: space pauses, m mutes.
  await page.mouse.move(5, 5);
  await page.keyboard.press('Space');
  await expect
    .poll(() =>
      page.locator('[data-testid="player"] video').evaluate((v: HTMLVideoElement) => v.paused),
    )
    .toBe(true);
  await page.keyboard.press('m');
  await expect(page.getByTestId('mute-toggle')).toHaveAttribute('aria-label', '取消静音');
  expect(await page.evaluate(() => localStorage.getItem('melon.player.muted'))).toBe('1');
});

test('the video page on a phone', async ({ page }) => {
  await recordPlayback(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${item.group_id}`);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const box = await page.getByTestId('player').boundingBox();
  expect(box?.width).toBe(390);
  expect(box?.x).toBe(0);
  await page.screenshot({ path: '/tmp/shots/video-page-390.png', fullPage: true });
  expect((await playback(page)).errors).toEqual([]);
});

test('a manual definition switch takes effect and is remembered for the day', async ({ page }) => {
  await recordPlayback(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${item.group_id}`);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const player = page.getByTestId('player');
  const lowest = item.video_resource?.video_list[0];
  if (!lowest) throw new Error('no rendition');
  await page.getByTestId('definition-button').click();
  await page
    .getByRole('menuitemradio', {
      name: `${lowest.definition_label} ${lowest.definition.toUpperCase()}`,
    })
    .click();
  await expect(player).toHaveAttribute('data-choice', lowest.definition);
  await expect(player).toHaveAttribute('data-definition', lowest.definition);
  const [height, definition] = await Promise.all([
    page
      .locator('[data-testid="player"] video')
      .evaluate((video: HTMLVideoElement) => video.videoHeight),
    page.evaluate(() => localStorage.getItem('melon.player.definition')),
  ]);
  expect(height).toBe(lowest.vheight);
  expect(definition).toBe(lowest.definition);
  const after = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(after + 1);

  // The same day, the next visit starts in that definition.
  await page.reload();
  await expect(player).toHaveAttribute('data-choice', lowest.definition);
  await expect(page.getByTestId('definition-button')).toHaveText(lowest.definition_label);
  expect((await playback(page)).errors).toEqual([]);
});

test('auto-definition goes down when the network is throttled, without a stall over 2 s', async ({
  page,
}) => {
  const list = item.video_resource?.video_list ?? [];
  const top = list.at(-1);
  const bottom = list[0];
  if (!top || !bottom) throw new Error('no renditions');
  // A short buffer goal, so the throttled network matters before the video is all buffered.
  await page.addInitScript(() => {
    localStorage.setItem('melon.player.bufferGoal', '6');
  });
  await recordPlayback(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${item.group_id}`);
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-choice', 'auto');
  // Unthrottled localhost: auto-definition climbs to the top rung.
  await expect(player).toHaveAttribute('data-definition', top.definition, { timeout: 20_000 });

  // Throttle to 1.6 × the lowest rung: the top rung no longer fits, the lowest does.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bitsPerSecond = Math.round(1.6 * (bottom.bitrate + 130_000));
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: bitsPerSecond / 8,
    uploadThroughput: bitsPerSecond / 8,
  });
  await expect(player).not.toHaveAttribute('data-definition', top.definition, { timeout: 15_000 });
  await expect(player).toHaveAttribute('data-abr-reason', /^(hurry|low|drain|stall)$/);
  // Playback goes on at the lower definition.
  const after = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(after + 2);
  const record = await playback(page);
  expect(record.errors).toEqual([]);
  expect(Math.max(0, ...record.stalls)).toBeLessThan(2000);
  expect(record.waitingSince).toBeNull();
});
