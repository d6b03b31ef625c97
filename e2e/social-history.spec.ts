import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { getHistoryDuration } from '@melon/shared/calls/history.calls';
import type { HistoryDuration } from '@melon/shared/contracts/history';
import {
  collectErrors,
  csrfHeaders,
  loginDialog,
  registerWithEmail,
  signInWithPassword,
  uniqueEmail,
} from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { SOCIAL_PASSWORD } from './support/social.ts';

/*
 * Watch history and resume in a real Chromium against the demo site (issue 12): a signed-in
 * viewer's player reports where they are (every 15 s of playback, and on pause); the same user in
 * another browser resumes there (SPEC §4 start rule 4); /my/watch-history shows the entry under
 * 今天 with its progress, and deletes one, several and all of them.
 */

test.setTimeout(120_000);

async function storedPosition(request: APIRequestContext, itemId: string): Promise<number | null> {
  const answer = await request.get(`${getHistoryDuration.path}?content_id=${itemId}`);
  return ((await answer.json()) as { data: HistoryDuration }).data.history_duration;
}

const currentTime = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

test('a visitor on /my/watch-history gets the login prompt titled for the history', async ({
  page,
}) => {
  await page.goto('/my/watch-history');
  await waitForHydration(page);
  await expect(loginDialog(page).getByText('登录后即可查看观看历史')).toBeVisible();
});

test('watch part of a video, resume it in another browser, manage the history', async ({
  browser,
}) => {
  const email = uniqueEmail();
  const first = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await registerWithEmail(first, email, SOCIAL_PASSWORD);
  const video = await findPlayable(first.request, { minRenditions: 1, minSeconds: 40 });
  const itemId = video.item_id;
  const duration = video.video_resource?.video_duration ?? 0;
  const page = await first.newPage();
  const errors = collectErrors(page);
  await page.goto(`/${itemId}`);
  await waitForHydration(page);

  // Playback started: add_watch_history puts the video in the history before any position.
  await expect.poll(() => storedPosition(first.request, itemId)).not.toBeNull();

  // 15 s of playback: the player reports the position by itself.
  await expect.poll(() => currentTime(page), { timeout: 45_000 }).toBeGreaterThan(16);
  await expect.poll(() => storedPosition(first.request, itemId)).toBeGreaterThanOrEqual(15);

  // A seek and a pause: the pause reports where it stopped, at once.
  const stopAt = Math.round(duration * 5) / 10;
  await page.locator('video').evaluate((element: HTMLVideoElement, at: number) => {
    element.currentTime = at;
    element.pause();
  }, stopAt);
  await expect.poll(() => storedPosition(first.request, itemId)).toBe(stopAt);
  expect(errors).toEqual([]);

  // Another browser signed in as the same user resumes there (start rule 4).
  const second = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInWithPassword(second, email, SOCIAL_PASSWORD);
  // The position is in the server-rendered page: the early start resumes before hydration.
  const html = await (await second.request.get(`/${itemId}`)).text();
  expect(html).toContain(`"historyPosition":${stopAt}`);
  const other = await second.newPage();
  await other.goto(`/${itemId}`);
  const player = other.getByTestId('player');
  await expect(player).toHaveAttribute('data-start-rule', 'remembered');
  await expect.poll(() => currentTime(other)).toBeGreaterThanOrEqual(stopAt - 0.5);
  expect(await currentTime(other)).toBeLessThan(stopAt + 15);
  await expect(player.getByRole('status').filter({ hasText: '已为您定位至' })).toBeVisible();
  await saveScreenshot(player, 'social-history-resumed');
  // Paused where this browser got to: a busy machine plays on a while before the pause, and the
  // history shows what was reported last, not the first browser's stop.
  const pausedAt = await other.locator('video').evaluate((element: HTMLVideoElement) => {
    element.pause();
    return element.currentTime;
  });
  await expect
    .poll(() => storedPosition(second.request, itemId))
    .toBeGreaterThanOrEqual(Math.floor(pausedAt * 10) / 10);
  const watched = (await storedPosition(second.request, itemId)) ?? 0;

  // Three more watched items, through the API, for deleting several.
  const more = await findOtherPlayables(second.request, itemId);
  const headers = await csrfHeaders(second.request);
  for (const [index, id] of more.entries()) {
    const answer = await second.request.post('/api/videov2/set_watch_progress', {
      headers,
      data: { content_id: id, progress: 3 + index },
    });
    expect(answer.ok()).toBe(true);
  }

  // The history page, server-rendered: today's group, the watched part on the cover.
  await other.goto('/my/watch-history');
  await waitForHydration(other);
  await expect(other.getByRole('heading', { name: '观看历史', level: 1 })).toBeVisible();
  const today = other.getByRole('region', { name: '今天' });
  const entry = today.getByTestId('history-entry').filter({ hasText: video.title });
  await expect(entry).toBeVisible();
  await expect(entry.locator('[role="progressbar"]')).toHaveAttribute(
    'aria-valuenow',
    String(Math.round((watched / duration) * 100)),
  );
  await expect(entry.getByTestId('history-watched')).toContainText('看到');
  await expect(today.getByTestId('history-entry')).toHaveCount(1 + more.length);
  await saveScreenshot(other, 'social-history-page', { fullPage: true });

  // The search box finds it by its title.
  const words = video.title.slice(0, 4);
  const search = other.getByRole('searchbox', { name: '搜索观看历史' });
  await search.fill(words);
  await search.press('Enter');
  await expect(other).toHaveURL(/keyword=/);
  await expect(other.getByText(`“${words}”的搜索结果`)).toBeVisible();
  await expect(other.getByTestId('history-entry').filter({ hasText: video.title })).toBeVisible();
  await other.getByRole('link', { name: '返回全部历史' }).click();
  await expect(other.getByTestId('history-entry')).toHaveCount(1 + more.length);

  // Delete one: the watched video goes, here and on the server.
  await entry.hover();
  await entry.getByRole('button', { name: `删除观看记录：${video.title}` }).click();
  await expect(other.getByText('已删除 1 条观看记录')).toBeVisible();
  await expect(entry).toHaveCount(0);
  expect(await storedPosition(second.request, itemId)).toBeNull();

  // Delete several in select mode.
  await other.getByRole('button', { name: '批量管理' }).click();
  const checks = other.getByRole('checkbox');
  await checks.nth(0).check();
  await checks.nth(1).check();
  await expect(other.getByText('已选 2 项')).toBeVisible();
  await saveScreenshot(other, 'social-history-select');
  await other.getByRole('button', { name: '删除所选' }).click();
  await expect(other.getByText('已删除 2 条观看记录')).toBeVisible();
  await expect(other.getByTestId('history-entry')).toHaveCount(more.length - 2);
  await other.getByRole('button', { name: '完成' }).click();
  // The toasts (1 s each) gone, for the dialog's screenshot.
  await expect(other.getByText('已删除 2 条观看记录')).toBeHidden();

  // Clear all, after a confirmation.
  await other.getByRole('button', { name: '清空历史' }).click();
  const dialog = other.getByRole('dialog', { name: '清空全部观看历史？' });
  await expect(dialog).toBeVisible();
  await saveScreenshot(other, 'social-history-clear-confirm');
  await dialog.getByRole('button', { name: '清空', exact: true }).click();
  await expect(other.getByText('观看历史已清空')).toBeVisible();
  await expect(other.getByText('还没有观看历史，去看看感兴趣的视频吧')).toBeVisible();
  await other.reload();
  await expect(other.getByText('还没有观看历史，去看看感兴趣的视频吧')).toBeVisible();

  await first.close();
  await second.close();
});

/** Three ready items of the feed besides `except`. */
async function findOtherPlayables(request: APIRequestContext, except: string): Promise<string[]> {
  const feed = await request.get('/api/feedv2/feedById?channelId=1&count=30');
  const cells = ((await feed.json()) as { data: { list: { groupId: string; itemType: number }[] } })
    .data.list;
  return cells
    .filter((cell) => cell.groupId !== except && cell.itemType === 0)
    .slice(0, 3)
    .map((cell) => cell.groupId);
}
