import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { getSeriesList } from '@melon/shared/calls/series.calls';
import { registerWithEmail, uniqueEmail } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { SOCIAL_PASSWORD } from './support/social.ts';

/*
 * Author pages, series and playlists (issue 14, decisions 043/044): a visitor opens an author's
 * page, goes through its tabs, and plays the author's series in order, the next video starting
 * when the one before ends.
 */

interface FeedAnswer {
  data: { list: { userInfo: { user_id: string } }[] };
}
interface SeriesAnswer {
  data: { series_list: { series_id: string; title: string; item_count: number }[] };
}

/** A demo author with a series (合集) of at least two videos, and that series. */
async function authorWithSeries(request: APIRequestContext) {
  const feed = (await (
    await request.get('/api/feedv2/feedById?channelId=1&count=50')
  ).json()) as FeedAnswer;
  const authors = [...new Set(feed.data.list.map((cell) => cell.userInfo.user_id))];
  for (const author of authors) {
    const answer = (await (
      await request.get(`${getSeriesList.path}?to_user_id=${author}`)
    ).json()) as SeriesAnswer;
    const series = answer.data.series_list.find((entry) => entry.item_count >= 2);
    if (series) return { author, series };
  }
  throw new Error('the demo site has no author with a series');
}

const currentTime = (page: Page) =>
  page
    .locator('[data-testid="player"] video')
    .evaluate((video: HTMLVideoElement) => video.currentTime);

test('a visitor opens an author page, switches tabs and plays a series in order', async ({
  page,
  request,
}) => {
  const { author, series } = await authorWithSeries(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto(`/home/${author}/`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  const header = page.getByTestId('author-header');
  await expect(header.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(header.getByTestId('follow-button')).toBeVisible();
  await expect(page.getByTestId('author-fans')).toContainText('粉丝');
  const tabs = page.getByRole('navigation', { name: '作者主页栏目' });
  await expect(tabs.getByRole('link', { name: '合集' })).toBeVisible();
  await saveScreenshot(page, 'author-home-desktop', { fullPage: true });

  await tabs.getByRole('link', { name: '视频' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/${author}/video$`));
  await expect(page.getByTestId('author-video').first()).toBeVisible();

  await tabs.getByRole('link', { name: '合集' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/${author}/series$`));
  await page.getByRole('link', { name: series.title }).click();
  const details = page.getByTestId('series-details');
  await expect(details.getByRole('heading', { name: series.title })).toBeVisible();
  await details.getByRole('link', { name: '播放全部' }).click();

  await expect(page).toHaveURL(new RegExp(`/${series.series_id}`));
  const list = page.getByTestId('next-items');
  const current = list.locator('[aria-current="true"]');
  await expect(current).toContainText('正在播放');
  const firstTitle = await current.textContent();
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await waitForHydration(page);
  // The first video reaches its end: the series plays on with the next one.
  await page.locator('[data-testid="player"] video').evaluate((video: HTMLVideoElement) => {
    video.currentTime = Math.max(video.duration - 1, 0);
  });
  await expect(page).toHaveURL(/[?&]id=\d+/, { timeout: 15_000 });
  await expect(current).not.toHaveText(firstTitle ?? '');
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
});

test('the author page on a 390 px phone', async ({ page, request }) => {
  const { author } = await authorWithSeries(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/home/${author}/`);
  await waitForHydration(page);
  await expect(page.getByTestId('author-header')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'author-home-phone', { fullPage: true });
});

test('a viewer adds a video to a new playlist, and the playlist page plays it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const account = await registerWithEmail(context, uniqueEmail(), SOCIAL_PASSWORD);
  const video = await findPlayable(context.request, { minRenditions: 1, minSeconds: 1 });
  const page = await context.newPage();
  await page.goto(`/${video.item_id}`);
  await waitForHydration(page);
  await page.getByTestId('add-to-playlist').click();
  const dialog = page.getByRole('dialog', { name: '加入播放列表' });
  await dialog.getByRole('textbox', { name: '新建列表' }).fill('周末要看');
  await dialog.getByRole('button', { name: '创建并加入' }).click();
  await expect(dialog.getByRole('checkbox', { name: /周末要看/ })).toBeChecked();
  await dialog.getByRole('button', { name: '关闭' }).click();

  await page.goto(`/user_playlist/${account.user_id}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: /周末要看/ }).click();
  const queue = page.getByTestId('playlist-queue');
  await expect(queue.locator('[aria-current="true"]')).toContainText(video.title);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await context.close();
});

test('an unknown author is a 404', async ({ page }) => {
  expect((await page.goto('/home/7000000000000000404/'))?.status()).toBe(404);
});
