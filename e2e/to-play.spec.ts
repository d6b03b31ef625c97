import { expect, test, type Page } from './support/test.ts';
import { contextOfItsOwn, registerWithEmail, uniqueEmail } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { SOCIAL_PASSWORD, signedInContext } from './support/social.ts';

/*
 * The to-play basket 待播 (issue 15, decision 051): a visitor puts two home-page cards in the
 * basket (kept in the browser), signs in and finds them merged into the account's basket, then
 * plays it from /toplay/:gid, where the next entry plays when the first ends. On a video page
 * 待播 is a toggle: it puts the video in the header's basket and takes it out again.
 */

const trigger = (page: Page) => page.getByTestId('to-play-trigger');
const panel = (page: Page) => page.getByTestId('to-play-panel');
const video = (page: Page) => page.locator('[data-testid="player"] video');
const currentTime = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => element.currentTime);

/** The nth home-page card: its id (from its link) and its title. */
async function card(page: Page, index: number) {
  const article = page.locator('article').nth(index);
  const link = article.getByRole('heading').getByRole('link');
  const title = (await link.getAttribute('title')) ?? '';
  const href = (await link.getAttribute('href')) ?? '';
  const groupId = /(\d{16,26})/.exec(href)?.[1] ?? '';
  return { article, title, groupId };
}

interface ToPlayAnswer {
  data: { list: { group_id: string }[] };
}

test('a visitor’s basket merges on sign-in and plays from /toplay, one entry after the other', async ({
  browser,
}) => {
  const context = await contextOfItsOwn(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  await expect(trigger(page)).toHaveAccessibleName('待播（0 个）');

  const first = await card(page, 0);
  const second = await card(page, 1);
  for (const { article, title } of [first, second]) {
    await article.hover();
    await article.getByRole('button', { name: `待播：${title}` }).click();
    await expect(article.getByRole('button', { name: `已加待播：${title}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  await expect(trigger(page)).toHaveAccessibleName('待播（2 个）');
  expect(await page.evaluate(() => localStorage.getItem('melon:to-play'))).toBe(
    JSON.stringify([first.groupId, second.groupId]),
  );

  // Signing in: the next page is the account's, and the local basket goes to the server.
  await registerWithEmail(context, uniqueEmail(), SOCIAL_PASSWORD);
  await page.reload();
  await waitForHydration(page);
  await expect
    .poll(async () => {
      const answer = await context.request.get('/api/videov2/toplay/list');
      return ((await answer.json()) as ToPlayAnswer).data.list.map((entry) => entry.group_id);
    })
    .toEqual([first.groupId, second.groupId]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('melon:to-play'))).toBeNull();
  await expect(trigger(page)).toHaveAccessibleName('待播（2 个）');

  await trigger(page).click();
  await expect(panel(page).getByRole('listitem')).toHaveCount(2);
  await expect(panel(page).getByRole('listitem').first()).toContainText(first.title);
  await saveScreenshot(page, 'to-play-panel');

  await panel(page).getByRole('link', { name: '播放全部' }).click();
  await expect(page).toHaveURL(new RegExp(`/toplay/${first.groupId}$`));
  const queue = page.getByTestId('next-items');
  await expect(queue.getByRole('heading', { name: '待播' })).toBeVisible();
  await expect(queue.locator('a[aria-current="true"]')).toContainText(first.title);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await waitForHydration(page);
  await saveScreenshot(page, 'to-play-page');

  // The first entry ends: the next one plays.
  await video(page).evaluate((element: HTMLVideoElement) => {
    element.currentTime = Math.max(0, element.duration - 1);
  });
  await expect(page).toHaveURL(new RegExp(`/toplay/${second.groupId}$`), { timeout: 20_000 });
  await expect(queue.locator('a[aria-current="true"]')).toContainText(second.title);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);

  // The played entry can go.
  await queue.getByRole('button', { name: `移出待播：${first.title}` }).click();
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  const answer = await context.request.get('/api/videov2/toplay/list');
  expect(((await answer.json()) as ToPlayAnswer).data.list.map((entry) => entry.group_id)).toEqual([
    second.groupId,
  ]);

  // 相关推荐 beside the player have 待播 too.
  const related = page.getByTestId('related-videos');
  const add = related.getByRole('button', { name: /^待播：/ }).first();
  await add.scrollIntoViewIfNeeded();
  await add.hover();
  await add.click();
  await expect(trigger(page)).toHaveAccessibleName('待播（2 个）');
  await saveScreenshot(related, 'to-play-related');
  await context.close();
});

test('on a 360 px phone the basket opens under the header', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  const { article, title } = await card(page, 0);
  await article.getByRole('button', { name: `待播：${title}` }).click();
  await expect(trigger(page)).toHaveAccessibleName('待播（1 个）');
  await trigger(page).click();
  await expect(panel(page)).toBeInViewport({ ratio: 1 });
  await expect(panel(page).getByRole('listitem')).toContainText(title);
  await saveScreenshot(page, 'to-play-panel-phone');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await context.close();
});

test('an album put in from its cinema card plays its first episode at /toplay', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/cinema/filter/dianshiju?paid=free');
  await waitForHydration(page);
  // The first album on the page with an episode to play (the demo lists some without any).
  const cards = page.getByTestId('album-card');
  let albumCard = cards.first();
  let title = '';
  for (let index = 0; index < (await cards.count()); index += 1) {
    const link = cards.nth(index).getByRole('heading').getByRole('link');
    const albumId = /(\d{16,26})/.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '';
    const answer = await page.request.get(`/api/videov2/toplay/cards?group_ids=${albumId}`);
    if (((await answer.json()) as ToPlayAnswer).data.list.length > 0) {
      albumCard = cards.nth(index);
      title = (await link.getAttribute('title')) ?? '';
      break;
    }
  }
  expect(title, 'no album with an episode on the free TV series page').not.toBe('');
  await albumCard.getByRole('button', { name: `待播：${title}` }).click();
  await expect(trigger(page)).toHaveAccessibleName('待播（1 个）');
  await saveScreenshot(albumCard, 'to-play-album-card');

  await trigger(page).click();
  await expect(panel(page).getByRole('listitem')).toContainText(title);
  await expect(panel(page).getByRole('listitem')).toContainText('第1集');
  await panel(page).getByRole('link', { name: '播放全部' }).click();
  await expect(page).toHaveURL(/\/toplay\/\d{16,26}$/);
  await expect(page.getByTestId('next-items').locator('a[aria-current="true"]')).toContainText(
    title,
  );
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: '已加待播' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a found video goes in from the search results', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await waitForHydration(page);
  const { title } = await card(page, 0);
  await page.goto(`/search/${encodeURIComponent(title)}`);
  await waitForHydration(page);
  await page
    .getByRole('button', { name: `待播：${title}` })
    .first()
    .click();
  await expect(trigger(page)).toHaveAccessibleName('待播（1 个）');
  const found = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: `已加待播：${title}` }) })
    .first();
  await expect(found).toBeVisible();
  await saveScreenshot(found, 'to-play-search-card');
});

test('an author page’s video goes in from its card', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await waitForHydration(page);
  const { article } = await card(page, 0);
  const authorHref =
    (await article.locator('a[href^="/home/"]').first().getAttribute('href')) ?? '';
  await page.goto(authorHref);
  await waitForHydration(page);
  const videoCard = page.getByTestId('author-video').first();
  const title = (await videoCard.getByRole('link').last().textContent()) ?? '';
  await videoCard.getByRole('button', { name: `待播：${title}` }).click();
  await expect(trigger(page)).toHaveAccessibleName('待播（1 个）');
  await expect(videoCard.getByRole('button', { name: `已加待播：${title}` })).toBeVisible();
  await saveScreenshot(videoCard, 'to-play-author-card');
});

test('待播 on a video page puts the video in the header’s basket, and a second click takes it out', async ({
  browser,
}) => {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const details = await findPlayable(context.request, { minRenditions: 1, minSeconds: 1 });
  const listed = async () => {
    const answer = await context.request.get('/api/videov2/toplay/list');
    return ((await answer.json()) as ToPlayAnswer).data.list.map((entry) => entry.group_id);
  };
  await page.goto(`/${details.item_id}`);
  await waitForHydration(page);
  await expect(trigger(page)).toHaveAccessibleName('待播（0 个）');
  // The page's own button (the cards beside it are named after their videos).
  const button = page.getByRole('button', { name: /^(已加)?待播$/ });
  await expect(button).toHaveText('待播');
  await expect(button).toHaveAttribute('aria-pressed', 'false');

  await button.click();
  await expect(button).toHaveText('已加待播');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').getByText('已加入待播')).toBeVisible();
  await expect(trigger(page)).toHaveAccessibleName('待播（1 个）');
  expect(await listed()).toEqual([details.group_id]);
  await trigger(page).click();
  await expect(panel(page).getByRole('listitem')).toHaveCount(1);
  await expect(panel(page).getByRole('listitem')).toContainText(details.title);
  await saveScreenshot(page, 'to-play-video-page');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);

  // 已加待播 is a toggle: clicked again, the video leaves the basket.
  await button.click();
  await expect(button).toHaveText('待播');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('status').getByText('已移出待播')).toBeVisible();
  await expect(trigger(page)).toHaveAccessibleName('待播（0 个）');
  expect(await listed()).toEqual([]);
  await trigger(page).click();
  await expect(panel(page)).toContainText('待播是空的');
  await context.close();
});
