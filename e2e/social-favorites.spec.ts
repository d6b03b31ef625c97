import { expect, test } from './support/test.ts';
import { collectErrors, loginDialog } from './support/accounts.ts';
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
 * Likes and favourites in a real Chromium against the demo site (issue 12): a visitor's 点赞
 * opens the login prompt titled for liking; a signed-in viewer likes and favourites from the
 * video page, finds the video on /my/favorite, and removes it there.
 */

test('a visitor pressing 点赞 gets the login prompt titled for liking, then likes', async ({
  browser,
}) => {
  const email = await registeredEmail(browser);

  const { context, page, video } = await visitorOnVideo(browser);
  const like = page.getByTestId('like-button');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  const dialog = loginDialog(page);
  await expect(dialog.getByText('登录后即可为喜欢的视频点赞')).toBeVisible();
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  // Signing in from the prompt runs the like it was opened for.
  await signInFromPrompt(dialog, email);
  await expect(dialog).toBeHidden();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  expect((await detailsOf(context.request, video.item_id)).user_digg).toBe(true);
  await context.close();
});

test('like and favourite on the video page, see it on /my/favorite, remove it there', async ({
  browser,
}) => {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const video = await findPlayable(context.request, { minRenditions: 1, minSeconds: 1 });
  const before = await detailsOf(context.request, video.item_id);

  // Nothing favourited yet: the page says so.
  await page.goto('/my/favorite');
  await expect(page.getByRole('heading', { name: '我的收藏', level: 1 })).toBeVisible();
  await expect(page.getByText('还没有收藏的视频')).toBeVisible();

  await page.goto(`/${video.item_id}`);
  await waitForHydration(page);
  const like = page.getByTestId('like-button');
  const favorite = page.getByTestId('favorite-button');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('收藏成功')).toBeVisible();
  await page.mouse.move(0, 0);
  await saveScreenshot(page.getByRole('group', { name: '点赞与收藏' }), 'social-favorites-buttons');
  // The server counted each once, and says so to this viewer after a reload.
  const reacted = await detailsOf(context.request, video.item_id);
  expect(reacted).toMatchObject({ user_digg: true, user_favorite: true });
  expect(reacted.digg_count).toBe(before.digg_count + 1);
  expect(reacted.favorite_count).toBe(before.favorite_count + 1);
  await page.reload();
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');

  // /my/favorite, server-rendered: the video with its cover, title and author.
  await page.goto('/my/favorite');
  const entry = page.getByTestId('favorite-entry').filter({ hasText: video.title });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('link', { name: video.user_info.name })).toBeVisible();
  await expect(entry).toContainText('收藏于');
  await saveScreenshot(page, 'social-favorites-page', { fullPage: true });
  // The tabs sort by content kind: a short video is under 短视频, not under 合集.
  const tabs = page.getByRole('navigation', { name: '收藏分类' });
  await tabs.getByRole('link', { name: '合集' }).click();
  await expect(page).toHaveURL(/\/my\/favorite\/pseries$/);
  await expect(page.getByText('还没有收藏的视频')).toBeVisible();
  await tabs.getByRole('link', { name: '短视频' }).click();
  await expect(page.getByTestId('favorite-entry').filter({ hasText: video.title })).toBeVisible();

  await waitForHydration(page);
  await page
    .getByTestId('favorite-entry')
    .filter({ hasText: video.title })
    .getByRole('button', { name: '取消收藏' })
    .click();
  await expect(page.getByText('已取消收藏')).toBeVisible();
  await expect(page.getByTestId('favorite-entry')).toHaveCount(0);
  const removed = await detailsOf(context.request, video.item_id);
  expect(removed).toMatchObject({ user_favorite: false, user_digg: true });
  expect(removed.favorite_count).toBe(before.favorite_count);
  await page.reload();
  await expect(page.getByText('还没有收藏的视频')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
