import { expect, test } from './support/test.ts';
import { collectErrors } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signedInContext } from './support/social.ts';

/*
 * Search in a real Chromium against the demo site (issue 13): type pinyin in the header's box,
 * pick a completion by keyboard, switch the result tabs, open a result; recent searches, the
 * search start page and the operators-only debug page.
 */

test.setTimeout(90_000);

test('type pinyin in the header box, pick a completion, switch tabs, open a result', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/');
  await waitForHydration(page);

  const box = page.getByRole('combobox', { name: '搜索视频' });
  await box.click();
  await box.pressSequentially('dianying', { delay: 40 });
  const suggestions = page.getByRole('listbox', { name: '搜索建议' });
  const completion = suggestions.getByRole('option', { name: '电影', exact: true });
  await expect(completion).toBeVisible();
  await saveScreenshot(page, 'search-box-suggestions');

  // The arrows move through the completions and Enter searches the one chosen.
  const options = suggestions.getByRole('option');
  const index = (await options.allTextContents()).indexOf('电影');
  for (let step = 0; step <= index; step += 1) await box.press('ArrowDown');
  await expect(completion).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/%E7%94%B5%E5%BD%B1$/);
  await expect(page.getByRole('heading', { level: 1, name: '“电影”的搜索结果' })).toBeVisible();
  await expect(box).toHaveValue('电影');

  // Cards mark the words that matched, as text.
  const results = page
    .getByRole('list')
    .filter({ has: page.locator('article') })
    .last();
  await expect(results.locator('em', { hasText: '电影' }).first()).toBeVisible();
  await waitForHydration(page);
  await saveScreenshot(page, 'search-results');

  const tabs = page.getByRole('navigation', { name: '搜索结果分类' });
  await tabs.getByRole('link', { name: '影视' }).click();
  await expect(page).toHaveURL(/\?type=lvideo$/);
  await expect(tabs.getByRole('link', { name: '影视' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: '视频' }).click();
  await expect(page).toHaveURL(/\?type=svideo$/);
  await expect(tabs.getByRole('link', { name: '视频' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/^共 \d+ 个结果$/)).toBeVisible();

  const first = page.locator('main article h3 a').first();
  const href = await first.getAttribute('href');
  const title = await first.textContent();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href ?? 'none'}$`));
  await expect(page.locator('h1#video-title')).toHaveText(title ?? '');

  // The box remembers the search in this browser, and clears it.
  await box.click();
  const history = page.getByRole('group', { name: '搜索历史' });
  await expect(history.getByRole('option', { name: '电影' })).toBeVisible();
  await page.getByRole('button', { name: '清空搜索历史' }).click();
  await expect(history).toHaveCount(0);
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

test('a signed-in viewer’s searches are kept by the server', async ({ browser }) => {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  await page.goto('/search/%E6%B8%B8%E6%88%8F');
  await waitForHydration(page);
  const box = page.getByRole('combobox', { name: '搜索视频' });
  await box.fill('');
  await box.click();
  const history = page.getByRole('group', { name: '搜索历史' });
  await expect(history.getByRole('option', { name: '游戏' })).toBeVisible();
  await saveScreenshot(page, 'search-box-panel');
  await page.getByRole('button', { name: '清空搜索历史' }).click();
  await expect(history).toHaveCount(0);
  // Cleared on the server: another page (not a search, which would be kept again) shows none.
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('combobox', { name: '搜索视频' }).click();
  await expect(page.getByRole('listbox')).toBeAttached();
  await expect(page.getByRole('group', { name: '搜索历史' })).toHaveCount(0);
  await context.close();
});

test('the start page, an empty result and a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: '搜索' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '猜你想搜' })).toBeVisible();
  await saveScreenshot(page, 'search-start-phone');

  await page.goto('/search/%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA%E8%AF%8Dqqq');
  await expect(page.getByText('没有找到与“没有这个词qqq”相关的内容')).toBeVisible();

  await page.goto('/search/%E7%94%B5%E5%BD%B1');
  await expect(page.locator('main article').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'search-results-phone');
  await context.close();
});

test('the search debug page does not exist for a visitor or a viewer without the role', async ({
  browser,
}) => {
  const visitor = await browser.newPage();
  const answer = await visitor.goto('/admin/others/get_snap_shot?keyword=%E7%94%B5%E5%BD%B1');
  expect(answer?.status()).toBe(404);
  await visitor.close();
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const signedIn = await page.goto('/admin/others/get_snap_shot?keyword=%E7%94%B5%E5%BD%B1');
  expect(signedIn?.status()).toBe(404);
  await context.close();
});
