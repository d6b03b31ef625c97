import { expect, test } from './support/test.ts';
import { collectErrors, contextOfItsOwn, loginDialog } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import {
  detailsOf,
  registeredEmail,
  signInFromPrompt,
  signedInContext,
  visitorOnVideo,
} from './support/social.ts';

/*
 * Following an author in a real Chromium against the demo site (issue 12): a visitor's 关注
 * opens the login prompt titled for follow; a signed-in viewer follows from the video page's
 * author card, finds the author and their videos on /my/attention, and unfollows there.
 */

test('a visitor pressing 关注 gets the login prompt titled for following, then follows', async ({
  browser,
}) => {
  const email = await registeredEmail(browser);

  const { context, page, video } = await visitorOnVideo(browser);
  const button = page.getByTestId('author-card').getByTestId('follow-button');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  const dialog = loginDialog(page);
  await expect(dialog.getByText('登录后即可关注TA')).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'false');

  // Signing in from the prompt runs the follow it was opened for.
  await signInFromPrompt(dialog, email);
  await expect(dialog).toBeHidden();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  expect((await detailsOf(context.request, video.item_id)).user_info.follow).toBe(true);
  await context.close();
});

test('follow from the video page, see the author on /my/attention, unfollow there', async ({
  browser,
}) => {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const video = await findPlayable(context.request, { minRenditions: 1, minSeconds: 1 });
  const author = video.user_info;
  const fansBefore = (await detailsOf(context.request, video.item_id)).user_info.followers_count;

  // Nothing followed yet: the page says so.
  await page.goto('/my/attention');
  await expect(page.getByRole('heading', { name: '我的关注', level: 1 })).toBeVisible();
  await expect(page.getByText('还没有关注任何作者')).toBeVisible();

  await page.goto(`/${video.item_id}`);
  await waitForHydration(page);
  const card = page.getByTestId('author-card');
  const button = card.getByTestId('follow-button');
  await expect(button).toContainText('关注');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toContainText('已关注');
  await expect(page.getByText('关注成功')).toBeVisible();
  await page.mouse.move(0, 0);
  await saveScreenshot(card, 'social-follows-author-card');
  // The server counted it once, and says so to this viewer after a reload.
  const followed = await detailsOf(context.request, video.item_id);
  expect(followed.user_info.follow).toBe(true);
  expect(followed.user_info.followers_count).toBe(fansBefore + 1);
  await page.reload();
  await expect(page.getByTestId('author-card').getByTestId('follow-button')).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // /my/attention, server-rendered: the author with their fans, then their newest videos.
  await page.goto('/my/attention');
  const entry = page.getByTestId('followed-author').filter({ hasText: author.name });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('粉丝');
  const videos = page.getByRole('region', { name: '最新视频' });
  await expect(videos.getByRole('link', { name: author.name }).first()).toBeVisible();
  await saveScreenshot(page, 'social-follows-attention', { fullPage: true });

  await waitForHydration(page);
  await entry.getByTestId('follow-button').click();
  await expect(entry.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('已取消关注')).toBeVisible();
  const unfollowed = await detailsOf(context.request, video.item_id);
  expect(unfollowed.user_info.follow).toBe(false);
  expect(unfollowed.user_info.followers_count).toBe(fansBefore);
  await page.reload();
  await expect(page.getByText('还没有关注任何作者')).toBeVisible();
  await saveScreenshot(page, 'social-follows-attention-empty');
  expect(errors).toEqual([]);
  await context.close();
});

test('follow from a card author line on the home page; every card of the author follows', async ({
  browser,
}) => {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/');
  await waitForHydration(page);
  const cards = page.getByRole('article');
  const chip = cards.first().getByTestId('card-follow-button');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  const authorName = (await cards.first().locator('a[href^="/home/"]').textContent()) ?? '';
  expect(authorName).not.toBe('');
  const authorCards = cards.filter({
    has: page.getByRole('link', { name: authorName, exact: true }),
  });

  await chip.click();
  await expect(page.getByText('关注成功')).toBeVisible();
  for (const card of await authorCards.all()) {
    await expect(card.getByTestId('card-follow-button')).toHaveAttribute('aria-pressed', 'true');
  }
  await page.mouse.move(0, 0);
  await saveScreenshot(cards.first(), 'social-follows-card');

  // The state comes back from the server on a new page, and the card unfollows too.
  await page.reload();
  await waitForHydration(page);
  const again = page.getByRole('article').first().getByTestId('card-follow-button');
  await expect(again).toHaveAttribute('aria-pressed', 'true');
  await again.click();
  await expect(again).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('已取消关注')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('a visitor following from a card signs in from the prompt and the card follows', async ({
  browser,
}) => {
  const email = await registeredEmail(browser);

  const context = await contextOfItsOwn(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  const chip = page.getByRole('article').first().getByTestId('card-follow-button');
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await chip.click();
  const dialog = loginDialog(page);
  await expect(dialog.getByText('登录后即可关注TA')).toBeVisible();
  await signInFromPrompt(dialog, email);
  await expect(dialog).toBeHidden();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('article').first().getByTestId('card-follow-button')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await context.close();
});
