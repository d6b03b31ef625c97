import { expect, test } from './support/test.ts';
import { loginDialog, registerWithEmail, uniqueEmail } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { SOCIAL_PASSWORD } from './support/social.ts';

/*
 * 加入列表 on cards (issue 14, decision 044): a signed-in viewer adds the first home-page card's
 * video to a new playlist and finds it on their playlist page; a visitor gets the login prompt
 * (SPEC §6); search results and an author's video cards carry it beside 待播.
 */

test("a visitor pressing a card's 加入列表 gets the login prompt", async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const card = page.locator('article').first();
  await card.hover();
  await card.getByTestId('add-to-playlist').click();
  await expect(loginDialog(page).getByText('登录后即可收藏视频')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '加入播放列表' })).toHaveCount(0);
});

test('a viewer adds a home-page card to a new playlist', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const account = await registerWithEmail(context, uniqueEmail(), SOCIAL_PASSWORD);
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  const card = page.locator('article').first();
  const title = (await card.getByRole('heading').getByRole('link').getAttribute('title')) ?? '';
  const button = card.getByTestId('add-to-playlist');
  await button.focus();
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName(`将「${title}」加入列表`);
  await saveScreenshot(page, 'playlist-card-action');

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '加入播放列表' });
  await dialog.getByRole('textbox', { name: '新建列表' }).fill('卡片里加的');
  await dialog.getByRole('button', { name: '创建并加入' }).click();
  await expect(dialog.getByRole('checkbox', { name: /卡片里加的/ })).toBeChecked();
  await dialog.getByRole('button', { name: '关闭' }).click();

  await page.goto(`/user_playlist/${account.user_id}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: /卡片里加的/ }).click();
  await expect(page.getByTestId('playlist-queue')).toContainText(title);
  await context.close();
});

test('on a touch phone every card shows its 加入列表 without a hover', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  const button = page.locator('article').first().getByTestId('add-to-playlist');
  await expect(button).toHaveCSS('opacity', '1');
  await saveScreenshot(page, 'playlist-card-action-phone');
  await context.close();
});

test("a search result and an author's video card offer 加入列表 beside 待播", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await registerWithEmail(context, uniqueEmail(), SOCIAL_PASSWORD);
  const page = await context.newPage();
  await page.goto('/search/%E7%94%B5%E5%BD%B1');
  await waitForHydration(page);
  const result = page.locator('main article').filter({ has: page.getByTestId('add-to-playlist') });
  const first = result.first();
  const title = (await first.locator('h3').textContent()) ?? '';
  await expect(first.getByRole('button', { name: `待播：${title}` })).toBeVisible();
  const add = first.getByTestId('add-to-playlist');
  await expect(add).toHaveAccessibleName(`将「${title}」加入列表`);
  await saveScreenshot(page, 'playlist-search-result');
  await add.click();
  const dialog = page.getByRole('dialog', { name: '加入播放列表' });
  await dialog.getByRole('textbox', { name: '新建列表' }).fill('搜索里加的');
  await dialog.getByRole('button', { name: '创建并加入' }).click();
  await expect(dialog.getByRole('checkbox', { name: /搜索里加的/ })).toBeChecked();
  await dialog.getByRole('button', { name: '关闭' }).click();

  // The author of that result: their page's video cards carry it too.
  await first.locator('a[href^="/home/"]').first().click();
  await waitForHydration(page);
  const video = page.getByTestId('author-video').first();
  await expect(video.getByTestId('add-to-playlist')).toBeVisible();
  await expect(video.getByRole('button', { name: /^待播：/ })).toBeVisible();
  await context.close();
});
