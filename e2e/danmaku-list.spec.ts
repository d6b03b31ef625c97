import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { writeBilibiliXml } from '@melon/danmaku/bilibili-xml';
import { fixturePool } from '@melon/danmaku/fixture-pool.testing';
import { formatDuration } from '@melon/shared/format/duration';
import { importDanmaku } from './support/danmaku-import.ts';
import { quietDemoVideo } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';

/*
 * 弹幕列表 with a whole pool: 6000 danmaku made of the real fixture pools (mode 7 included),
 * imported with `melon danmaku import` into a demo video. The page keeps its height (the title
 * on the first screen), the list holds only the rows in view, follows playback, scrolls, sorts,
 * works from the keyboard and never shows an advanced danmaku's JSON; on a 390 px phone nothing
 * is wider than the screen.
 */

const POOL_SIZE = 6000;

/**
 * A demo video of 20 s or more with a 6000-danmaku pool spread over it, made once for the
 * spec's tests; answers its id and the pool.
 */
let pooled: Promise<{ id: string; pool: ReturnType<typeof fixturePool> }> | undefined;
function videoWithPool(request: APIRequestContext) {
  pooled ??= importPool(request);
  return pooled;
}

async function importPool(request: APIRequestContext) {
  const details = await quietDemoVideo(request, 20);
  const durationMs = (details.video_resource?.video_duration ?? 0) * 1000;
  const pool = fixturePool(POOL_SIZE, durationMs - 1000);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'melon-dm-')), 'pool.xml');
  writeFileSync(file, writeBilibiliXml(pool));
  const imported = importDanmaku(details.item_id, file);
  expect(imported.status, imported.stderr).toBe(0);
  return { id: details.item_id, pool };
}

const danmakuList = (page: Page) => page.getByRole('region', { name: '弹幕列表' });
const rowButtons = (page: Page) => danmakuList(page).getByRole('listitem').getByRole('button');

/** The time and text of the rows wholly inside the list's scroll area, top to bottom. */
function rowsInView(page: Page): Promise<{ time: string; text: string; position: number }[]> {
  return danmakuList(page)
    .locator('ol')
    .evaluate((list) => {
      const area = list.parentElement?.getBoundingClientRect();
      if (!area) return [];
      return [...list.querySelectorAll('li')]
        .filter((row) => {
          const box = row.getBoundingClientRect();
          return box.top >= area.top - 0.5 && box.bottom <= area.bottom + 0.5;
        })
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
        .map((row) => {
          const [time, text] = [...row.querySelectorAll('button > span')].map(
            (span) => span.textContent,
          );
          return { time: time ?? '', text: text ?? '', position: Number(row.ariaPosInSet) };
        });
    });
}

const seconds = (ms: number) => formatDuration(Math.floor(ms / 1000));
const looksLikeJson = (text: string) => /^\s*\[/.test(text) || text.includes('","');

/** Stops the playback the page starts by itself, so the list follows only the test's seeks. */
async function pause(page: Page): Promise<void> {
  await page.locator('video').evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    video.pause();
  });
}

test('a 6000-danmaku pool: the title stays on the first screen, the list renders only its view', async ({
  page,
  request,
}) => {
  const { id, pool } = await videoWithPool(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${id}`);
  await expect(danmakuList(page).getByText(`共 ${POOL_SIZE} 条`)).toBeVisible();
  await pause(page);

  // The page keeps its height: the title, stats and description sit under the player.
  const title = await page.locator('#video-title').boundingBox();
  expect(title).not.toBeNull();
  expect((title?.y ?? 0) + (title?.height ?? 0)).toBeLessThanOrEqual(900);
  // The list renders only its view: the whole pool would be 6000 rows, far over this height.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4000);
  expect(await rowButtons(page).count()).toBeLessThan(60);

  // It follows playback: a seek brings the rows just played to the bottom of the view.
  await page.locator('video').evaluate((video: HTMLVideoElement) => {
    video.currentTime = 15.5;
  });
  await expect.poll(async () => (await rowsInView(page)).at(-1)?.time).toBe('00:15');
  await saveScreenshot(page, 'danmaku-list-6000');

  // Scrolled by the viewer, it shows later rows (and stays where the viewer put it).
  const before = (await rowsInView(page))[0]?.position ?? 0;
  await danmakuList(page).locator('ol').hover();
  await page.mouse.wheel(0, 3200);
  await expect
    .poll(async () => (await rowsInView(page))[0]?.position ?? 0)
    .toBeGreaterThan(before + 50);
  await danmakuList(page)
    .locator('ol')
    .evaluate((list) => {
      list.parentElement?.scrollTo({ top: list.scrollHeight });
    });
  const last = pool.at(-1);
  await expect.poll(async () => (await rowsInView(page)).at(-1)?.position).toBe(POOL_SIZE);
  expect((await rowsInView(page)).at(-1)?.time).toBe(seconds(last?.time ?? 0));
  expect(await rowButtons(page).count()).toBeLessThan(60);

  // No row anywhere shows an advanced danmaku's JSON: mode 7 rows, at the top of the list too.
  const advanced = pool.findIndex((danmaku) => danmaku.bilibiliMode === 7);
  expect(advanced).toBeGreaterThan(0);
  await danmakuList(page)
    .locator('ol')
    .evaluate((list, row) => {
      list.parentElement?.scrollTo({ top: row * 32 });
    }, advanced);
  await expect.poll(async () => (await rowsInView(page))[0]?.position).toBe(advanced + 1);
  for (const row of await rowsInView(page)) expect(looksLikeJson(row.text), row.text).toBe(false);
  await expect(danmakuList(page)).not.toContainText('["');
  await saveScreenshot(danmakuList(page), 'danmaku-list-advanced-rows');

  // Sorted by send time the newest comes first; by time again, the earliest.
  const newest = pool.reduce((a, b) => (b.sendTime > a.sendTime ? b : a));
  await page.getByRole('button', { name: '按发送时间排序' }).click();
  await expect(page.getByRole('button', { name: '按发送时间排序' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const bySend = await rowsInView(page);
  expect(bySend[0]?.time).toBe(seconds(newest.time));
  const times = bySend.map((row) => row.time);
  expect(times).not.toEqual([...times].sort());
  await page.getByRole('button', { name: '按时间排序' }).click();
  await danmakuList(page)
    .locator('ol')
    .evaluate((list) => {
      list.parentElement?.scrollTo({ top: 0 });
    });
  await expect.poll(async () => (await rowsInView(page))[0]?.time).toBe('00:00');

  // From the keyboard: one row in the tab order, End goes to the last, Enter jumps to it.
  await rowButtons(page).and(page.locator('[tabindex="0"]')).focus();
  await page.keyboard.press('End');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^跳到 /);
  expect(
    await page.locator(':focus').evaluate((button) => button.parentElement?.ariaPosInSet),
  ).toBe(String(POOL_SIZE));
  await page.keyboard.press('ArrowUp');
  expect(
    await page.locator(':focus').evaluate((button) => button.parentElement?.ariaPosInSet),
  ).toBe(String(POOL_SIZE - 1));
  await page.keyboard.press('Enter');
  const target = (pool.at(-2)?.time ?? 0) / 1000;
  await expect
    .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeCloseTo(target, 1);
});

test('on a 390 px phone the page, the send bar, the settings and the list fit the screen', async ({
  page,
  request,
}) => {
  const { id } = await videoWithPool(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${id}`);
  await expect(danmakuList(page).getByText(`共 ${POOL_SIZE} 条`)).toBeVisible();
  await pause(page);

  const noSideScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSideScroll()).toBe(true);
  const title = await page.locator('#video-title').boundingBox();
  expect((title?.y ?? 0) + (title?.height ?? 0)).toBeLessThanOrEqual(844);
  const sendBox = page.getByRole('textbox', { name: '发个友善的弹幕见证当下' });
  await expect(sendBox).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: '发送', exact: true })).toBeInViewport({
    ratio: 1,
  });
  await saveScreenshot(page, 'danmaku-phone-page');

  // The style choices and the settings (font size, density…) open within the screen, clear of
  // the sticky header.
  const header = await page.getByRole('banner').boundingBox();
  const withinWidth = async (name: string) => {
    const box = await page.getByRole('dialog', { name }).boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await noSideScroll()).toBe(true);
  };
  await page.getByRole('button', { name: '弹幕样式' }).click();
  await withinWidth('弹幕样式');
  await saveScreenshot(page, 'danmaku-phone-style');
  await page.getByRole('button', { name: '弹幕样式' }).click();
  await page.getByRole('button', { name: '弹幕设置' }).click();
  await withinWidth('弹幕设置');
  await saveScreenshot(page, 'danmaku-phone-settings', { fullPage: true });
  await page.getByRole('button', { name: '关闭弹幕设置' }).click();
  await expect(page.getByRole('dialog', { name: '弹幕设置' })).toBeHidden();

  // Centred: "if needed" leaves a list that shows all but a fraction of a pixel where it is.
  await danmakuList(page).evaluate((list) => {
    list.scrollIntoView({ block: 'center' });
  });
  await expect(danmakuList(page)).toBeInViewport({ ratio: 1 });
  expect(await rowButtons(page).count()).toBeLessThan(60);
  expect(await noSideScroll()).toBe(true);
  await saveScreenshot(page, 'danmaku-phone-list');
});
