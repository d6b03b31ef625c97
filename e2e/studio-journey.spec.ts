import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from './support/test.ts';
import { contextOfItsOwn, csrfHeaders, signInWithSms, uniqueMobile } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';

const run = promisify(execFile);

/*
 * The creator studio journey (issue 14, decision 046): a creator uploads three videos, makes a
 * series of them, reorders it by keyboard and by button, hides one; a visitor opens the author
 * page, plays the series in order and never meets the hidden one. Then the creator applies for
 * a certification and sees it under review.
 */

const FIRST = '第一站：出发';
const SECOND = '第二站：山谷';
const THIRD = '第三站：海边';
const TITLES = [FIRST, SECOND, THIRD];

/** A small 2-second clip: it transcodes quickly on the shared machine. */
async function makeClip(dir: string, name: string, hue: number): Promise<string> {
  const file = path.join(dir, `${name}.mp4`);
  await run('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=2'],
    ...['-vf', `hue=h=${hue}`, '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', file],
  ]);
  return file;
}

async function publish(page: Page, clip: string, title: string): Promise<void> {
  await page.goto('/user-center/publish');
  await waitForHydration(page);
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect(page.getByText('上传完成', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('标题').fill(title);
  await page.getByRole('combobox', { name: '频道' }).selectOption({ label: '生活' });
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('heading', { name: '处理完成，视频已发布' })).toBeVisible({
    timeout: 180_000,
  });
}

const entryTitles = (page: Page) =>
  page
    .getByTestId('studio-series-entry')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));

test('a creator makes a series, reorders and hides; a visitor plays it in order', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'melon-e2e-studio-'));
  const creator = await contextOfItsOwn(browser, { viewport: { width: 1440, height: 900 } });
  const account = await signInWithSms(creator, uniqueMobile());
  const page = await creator.newPage();
  for (const [index, title] of TITLES.entries()) {
    await publish(page, await makeClip(dir, `clip-${index}`, index * 120), title);
  }

  await page.goto('/user-center/creator/series');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: '合集管理' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByTestId('studio-series-new-title').fill('旅途三部曲');
  await page.getByRole('button', { name: '新建' }).click();
  const series = page.getByTestId('studio-series');
  await expect(series.getByRole('heading', { name: '旅途三部曲' })).toBeVisible();
  // Newest first in the picker: add them oldest first.
  for (const title of TITLES) {
    await series.getByRole('combobox', { name: '加入视频' }).selectOption({ label: title });
    await series.getByRole('button', { name: '加入', exact: true }).click();
    await expect(series.getByTestId('studio-series-live')).toHaveText(`已加入《${title}》`);
  }
  expect(await entryTitles(page)).toEqual(TITLES.map((title, i) => `${i + 1}. ${title}`));

  // By keyboard: the third row moves up with Alt+↑, keeps the focus, and is announced.
  const third = page.getByTestId('studio-series-entry').nth(2);
  await third.focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(series.getByTestId('studio-series-live')).toHaveText(
    `《${THIRD}》已移到第 2 位，共 3 位`,
  );
  await expect(page.getByTestId('studio-series-entry').nth(1)).toBeFocused();
  // By button: the first goes down one.
  await series.getByRole('button', { name: `下移《${FIRST}》` }).click();
  const numbered = (titles: string[]) => titles.map((title, i) => `${i + 1}. ${title}`);
  await expect.poll(() => entryTitles(page)).toEqual(numbered([THIRD, FIRST, SECOND]));
  // By drag and drop: the last row onto the first.
  const rows = page.getByTestId('studio-series-entry');
  await rows.nth(2).dragTo(rows.nth(0));
  await expect(series.getByTestId('studio-series-live')).toHaveText(
    `《${SECOND}》已移到第 1 位，共 3 位`,
  );
  const order = [SECOND, THIRD, FIRST];
  await expect.poll(() => entryTitles(page)).toEqual(numbered(order));
  await page.reload();
  await waitForHydration(page);
  expect(await entryTitles(page)).toEqual(numbered(order));

  // Hide the middle one (仅自己可见) with the studio's video edit call.
  const videos = await creator.request.get('/api/studio/videos');
  const list = ((await videos.json()) as { data: { list: { item_id: string; title: string }[] } })
    .data.list;
  const hidden = list.find((video) => video.title === FIRST);
  expect(hidden).toBeDefined();
  const detail = (await (
    await creator.request.get(`/api/studio/video?item_id=${hidden?.item_id ?? ''}`)
  ).json()) as {
    data: {
      abstract: string;
      tags: string[];
      channel_id: number;
      opening_ms: null;
      ending_ms: null;
    };
  };
  const edit = await creator.request.post('/api/studio/video/edit', {
    headers: await csrfHeaders(creator.request),
    data: {
      item_id: hidden?.item_id,
      title: FIRST,
      abstract: detail.data.abstract,
      tags: detail.data.tags,
      channel_id: detail.data.channel_id,
      visibility: 15,
      opening_ms: detail.data.opening_ms,
      ending_ms: detail.data.ending_ms,
    },
  });
  expect(edit.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('studio-series-entry').nth(2)).toContainText('仅自己可见');
  await saveScreenshot(page, 'studio-series-1440', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await saveScreenshot(page, 'studio-series-360', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A visitor: the author page's series plays the visible two in order.
  const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const watch = await visitor.newPage();
  await watch.goto(`/home/${account.user_id}/series`);
  await waitForHydration(watch);
  await watch.getByRole('link', { name: '旅途三部曲' }).click();
  const details = watch.getByTestId('series-details');
  await expect(details.getByRole('heading', { name: '旅途三部曲' })).toBeVisible();
  await expect(details).toContainText(THIRD);
  await expect(details).toContainText(SECOND);
  await expect(details).not.toContainText(FIRST);
  await details.getByRole('link', { name: '播放全部' }).click();
  const queue = watch.getByTestId('next-items');
  await expect(queue.locator('[aria-current="true"]')).toContainText(SECOND);
  await expect(queue).toContainText(THIRD);
  await expect(queue).not.toContainText(FIRST);
  const video = watch.locator('[data-testid="player"] video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await video.evaluate((element: HTMLVideoElement) => {
    element.currentTime = Math.max(element.duration - 0.5, 0);
  });
  await expect(queue.locator('[aria-current="true"]')).toContainText(THIRD, {
    timeout: 30_000,
  });
  // The hidden one's own link is a 404 for the visitor.
  expect((await watch.goto(`/${hidden?.item_id ?? ''}`))?.status()).toBe(404);
  await visitor.close();

  // The creator applies for an interest certification and sees it under review.
  await page.goto('/user-center/creator/certification');
  await waitForHydration(page);
  const interest = page.getByTestId('certification-interest');
  await interest.getByLabel('认证领域').fill('旅行');
  await interest.getByLabel('代表作品链接').fill('https://melon.example/travel');
  await interest.getByRole('button', { name: '提交申请' }).click();
  await expect(interest.getByText('审核中')).toBeVisible();
  await saveScreenshot(page, 'studio-certification-1440', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await saveScreenshot(page, 'studio-certification-360', { fullPage: true });
  await creator.close();
  await rm(dir, { recursive: true, force: true });
});
