import { expect, test, type Page } from './support/test.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';

/*
 * 视频不存在 (decision 056): /EmptyAnyVideo, and the address of a video that is not there,
 * answer 404 with the message, the ways on and a row of recommended videos.
 */

async function expectEmptyVideoPage(page: Page) {
  await expect(page.getByRole('heading', { name: '视频不存在', level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: '去搜索' })).toHaveAttribute('href', '/search');
  const recommended = page.getByRole('region', { name: '为你推荐' });
  await expect(recommended.getByRole('article')).toHaveCount(4);
}

test('/EmptyAnyVideo: 404, the ways on and four recommended videos', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto('/EmptyAnyVideo');
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expectEmptyVideoPage(page);
  await saveScreenshot(page, 'empty-video-desktop', { fullPage: true });

  // A recommended video opens its page.
  const first = page.getByRole('region', { name: '为你推荐' }).getByRole('article').first();
  const title = first.getByRole('heading').getByRole('link');
  const href = (await title.getAttribute('href')) ?? '';
  await title.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('the address of a video that is not there shows the same page, with 404', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto('/7000000000000000404');
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/7000000000000000404$/);
  await expectEmptyVideoPage(page);
  await expect(page).toHaveTitle(/^视频不存在/);
  await saveScreenshot(page, 'empty-video-phone', { fullPage: true });
});
