import { chromium, expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { currentSite } from './support/sites.ts';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { waitForHydration } from './support/hydration.ts';
import { findAlbum, findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';

/**
 * The video page in Chromium: it plays, a manual definition switch takes effect, and
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

test('the head asks for the stylesheets before the scripts and the player', async ({ request }) => {
  const html = await (await request.get(`/${item.group_id}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const firstSheet = head.indexOf('rel="stylesheet"');
  expect(firstSheet).toBeGreaterThan(0);
  // Decision 033: on six connections a sheet behind the scripts held the first paint back.
  for (const later of ['rel="modulepreload"', 'shaka-player', 'player-boot']) {
    expect(head.indexOf(later), later).toBeGreaterThan(firstSheet);
  }
});

test('the page’s scripts and styles arrive Brotli-compressed from the build', async ({ page }) => {
  const assets: { url: string; encoding: string | undefined }[] = [];
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.(js|css)$/.test(response.url())) {
      assets.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    }
  });
  await page.goto(`/${item.group_id}`);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const shaka = assets.find((asset) => asset.url.includes('/shaka-player.'));
  expect(shaka?.encoding).toBe('br');
  // Files under 1 KB have no compressed copy; every other one comes compressed.
  const compressed = assets.filter((asset) => asset.encoding === 'br');
  expect(compressed.length).toBeGreaterThan(assets.length / 2);
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
  await saveScreenshot(page, 'video-page-1440');

  // Played untouched, the controls step aside after a few seconds; a movement over the picture
  // brings them back, and then the seek bar previews the time under the pointer with its
  // storyboard thumbnail.
  await expect(player).toHaveAttribute('data-idle', 'true');
  const seekBar = page.getByTestId('seek-bar');
  const bar = await seekBar.boundingBox();
  if (!bar) throw new Error('no seek bar');
  await page.mouse.move(bar.x + bar.width / 2, bar.y - 60);
  await expect(player).toHaveAttribute('data-idle', 'false');
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await expect(page.getByTestId('storyboard-thumbnail')).toBeVisible();
  await saveScreenshot(page, 'video-page-seek-preview');

  // Shortcuts: space pauses, m mutes and unmutes, and the viewer's choice is remembered. (Where
  // the browser refused sound before a gesture the video started muted: m then unmutes.)
  await page.mouse.move(5, 5);
  await page.keyboard.press('Space');
  const video = page.locator('[data-testid="player"] video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const mutedBefore = await video.evaluate((v: HTMLVideoElement) => v.muted);
  await page.keyboard.press('m');
  await expect(page.getByTestId('mute-toggle')).toHaveAttribute(
    'aria-label',
    mutedBefore ? '静音' : '取消静音',
  );
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('melon.player.muted')))
    .toBe(mutedBefore ? '0' : '1');
  await page.keyboard.press('m');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('melon.player.muted')))
    .toBe(mutedBefore ? '1' : '0');
});

test('the video page on a phone', async ({ page }) => {
  await recordPlayback(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${item.group_id}`);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const box = await page.getByTestId('player').boundingBox();
  expect(box?.width).toBe(390);
  expect(box?.x).toBe(0);
  await saveScreenshot(page, 'video-page-390', { fullPage: true });
  expect((await playback(page)).errors).toEqual([]);
});

test('a manual definition switch takes effect and is remembered for the day', async ({ page }) => {
  await recordPlayback(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${item.group_id}`);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await waitForHydration(page);
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
  await expect.poll(() => currentTime(page)).toBeGreaterThan(after + 2);
  const record = await playback(page);
  expect(record.errors).toEqual([]);
  expect(Math.max(0, ...record.stalls)).toBeLessThan(2000);
  expect(record.waitingSince).toBeNull();
});

test('loop and display modes outlive the auto-advance to the next episode', async ({
  page,
  request,
}) => {
  const { albumId, first } = await findAlbum(request);
  const endingMs = first.album?.current.ending_ms ?? null;
  const next = first.album?.next_item_id;
  if (endingMs === null || !next) throw new Error('the demo album has no ending mark');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${albumId}`);
  const player = page.getByTestId('player');
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await waitForHydration(page);
  await page.getByTestId('theater-toggle').click();
  await expect(player).toHaveAttribute('data-display-mode', 'theater');
  await page.getByTestId('settings-button').click();
  await page.getByRole('menuitemradio', { name: '列表循环' }).click();
  await page.getByTestId('settings-button').click();
  // Skip is on by default on a desktop: the episode ends at its ending mark.
  await page.locator('[data-testid="player"] video').evaluate(
    (video: HTMLVideoElement, at) => {
      video.currentTime = at;
    },
    endingMs / 1000 - 1.5,
  );
  await expect(page).toHaveURL(new RegExp(`[?&]id=${next}`), { timeout: 15_000 });
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(player).toHaveAttribute('data-display-mode', 'theater');
  await page.getByTestId('settings-button').click();
  await expect(page.getByRole('menuitemradio', { name: '列表循环' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('the replay button after the end starts at 0, even with skip-opening on', async ({
  page,
  request,
}) => {
  const { albumId, first } = await findAlbum(request);
  const album = first.album;
  const last = album?.episodes.at(-1);
  if (!album || !last || last.ending_ms === null || last.opening_ms === null) {
    throw new Error('the demo album has no marked last episode');
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${albumId}?id=${last.item_id}`);
  const player = page.getByTestId('player');
  await expect(player).toHaveAttribute('data-start-rule', 'skip-opening');
  await expect
    .poll(() => currentTime(page), { timeout: 15_000 })
    .toBeGreaterThan(last.opening_ms / 1000);
  // The last episode with 自动连播 stops at its ending mark (skip is on on a desktop).
  await page.locator('[data-testid="player"] video').evaluate(
    (video: HTMLVideoElement, at) => {
      video.currentTime = at;
    },
    last.ending_ms / 1000 - 1.5,
  );
  const replay = player.getByRole('button', { name: '重新播放' });
  await expect(replay).toBeVisible({ timeout: 15_000 });
  await replay.click();
  await expect(player).toHaveAttribute('data-start-rule', 'replay');
  await expect.poll(() => currentTime(page)).toBeLessThan(last.opening_ms / 1000);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(0.3);
});

test('when the browser refuses sound before a gesture, the video starts muted and offers to unmute', async () => {
  // A browser of its own with Chrome's default policy. This headless build does not always
  // enforce it, so the page also gets the policy's rule itself: an element with sound neither
  // autoplays nor plays until the page has had a gesture (NotAllowedError, as Chrome answers).
  // The gesture is a pointer or key press the test makes: Playwright runs its evaluate calls
  // (the polls of currentTime) as user gestures, so `navigator.userActivation` would turn
  // active as soon as the test looks, and let the sound through when it looked early.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=document-user-activation-required'],
  });
  try {
    const page = await browser.newPage({ baseURL: currentSite().origin });
    await page.addInitScript(() => {
      let gestured = false;
      for (const name of ['pointerdown', 'keydown']) {
        document.addEventListener(name, () => (gestured = true), { capture: true, once: true });
      }
      const refused = () => !gestured;
      const { play } = Object.getOwnPropertyDescriptors(HTMLMediaElement.prototype);
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!this.muted && refused()) {
          return Promise.reject(new DOMException('no sound before a gesture', 'NotAllowedError'));
        }
        return (play.value as (this: HTMLMediaElement) => Promise<void>).call(this);
      };
      const autoplay = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'autoplay');
      Object.defineProperty(HTMLMediaElement.prototype, 'autoplay', {
        get(this: HTMLMediaElement) {
          return autoplay?.get?.call(this) as boolean;
        },
        set(this: HTMLMediaElement, on: boolean) {
          autoplay?.set?.call(this, on && (this.muted || !refused()));
        },
      });
    });
    await page.goto(`/${item.group_id}`);
    const video = page.locator('[data-testid="player"] video');
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    const unmute = page.getByRole('button', { name: '点击取消静音' });
    await expect(unmute).toBeVisible();
    // The policy's mute is not remembered as the viewer's.
    expect(await page.evaluate(() => localStorage.getItem('melon.player.muted'))).not.toBe('1');
    await unmute.click();
    await expect(unmute).toHaveCount(0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('melon.player.muted')))
      .toBe('0');
  } finally {
    await browser.close();
  }
});

/** Opens a long item (2 minutes or more) and waits until it plays. */
async function playLongItem(page: Page, request: APIRequestContext) {
  const long = await findPlayable(request, { minRenditions: 1, minSeconds: 120 });
  await page.goto(`/${long.group_id}`);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
}

/** Seeks to 100 s, past what is buffered: playback must go on there, with no error shown. */
async function seekPlaysOn(page: Page) {
  await page.locator('[data-testid="player"] video').evaluate((video: HTMLVideoElement) => {
    video.currentTime = 100;
  });
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(100.5);
  await expect(page.getByTestId('player').getByRole('alert')).toHaveCount(0);
}

test('an expired link is renewed with the refresh token, where playback stopped', async ({
  page,
  request,
}) => {
  await playLongItem(page, request);
  let refreshed = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/videov2/getVideoResourceByRefreshToken')) refreshed = true;
  });
  // From now on the signed segments answer as expired ones do, until fresh URLs were bought.
  await page.route(/\/media\/s\/.*\/seg-/, (route) =>
    refreshed
      ? route.continue()
      : route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ code: 403, message: '链接已过期，请刷新页面', data: null }),
        }),
  );
  await seekPlaysOn(page);
  expect(refreshed).toBe(true);
});

test('when the main origin fails, playback goes on from the backup origin', async ({
  page,
  request,
}) => {
  await playLongItem(page, request);
  let fromBackup = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media-backup/s/')) fromBackup += 1;
  });
  await page.route(/\/media\/s\//, (route) => route.abort('connectionrefused'));
  await seekPlaysOn(page);
  expect(fromBackup).toBeGreaterThan(0);
});

test('a 60/120 帧 badge for fast renditions; the 120 fps one only where it decodes smoothly', async ({
  page,
  request,
}) => {
  const fast = await findPlayable(request, {
    minRenditions: 1,
    minSeconds: 5,
    highFrameRate: true,
  });
  const hfr = fast.video_resource?.dynamic_video.dynamic_video_list.find((r) => r.hfr_variant);
  if (!hfr) throw new Error('no 120 fps variant');
  await page.goto(`/${fast.group_id}`);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const badge = page.getByTestId('fps-badge');
  await expect(badge).toHaveText(/^(60|120)帧$/);
  const smooth = await page.evaluate(async (variant) => {
    const info = await navigator.mediaCapabilities.decodingInfo({
      type: 'media-source',
      video: {
        contentType: `video/mp4; codecs="${variant.codec}"`,
        width: variant.vwidth,
        height: variant.vheight,
        bitrate: variant.bitrate,
        framerate: variant.fps,
      },
    });
    return info.supported && info.smooth;
  }, hfr);
  if (!smooth) await expect(badge).toHaveText('60帧');

  // A 30 fps item shows no badge (SPEC §5: rates under 50 are not shown).
  await page.goto(`/${item.group_id}`);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await expect(page.getByTestId('player')).toHaveAttribute('data-definition', /p$/);
  await expect(page.getByTestId('fps-badge')).toHaveCount(0);
});
