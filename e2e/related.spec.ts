import { expect, test, type APIRequestContext } from './support/test.ts';
import { getShortVideoRelated } from '@melon/shared/calls/recommend.calls';
import type { RelatedVideos } from '@melon/shared/contracts/recommend';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';

/**
 * 相关推荐 on the video page in Chromium: the list the server answers for the video, beside the
 * player on a wide screen and under it on a phone; a related video opens by keyboard, and its
 * page lists its own related videos, never itself.
 */

async function relatedTo(
  request: APIRequestContext,
  groupId: string,
): Promise<RelatedVideos['list']> {
  const res = await request.get(`${getShortVideoRelated.path}?group_id=${groupId}&count=10`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: RelatedVideos }).data.list;
}

test('the video page lists related videos, and one opens by keyboard', async ({
  page,
  request,
}) => {
  const video = await findPlayable(request, { minRenditions: 1, minSeconds: 1 });
  const expected = await relatedTo(request, video.group_id);
  expect(expected.length).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/${video.group_id}`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: '相关推荐' });
  const links = section.getByRole('link');
  await expect(links).toHaveCount(expected.length);
  await expect(links.first()).toContainText(expected[0]?.title ?? '');
  await expect(links.first()).toHaveAttribute('href', `/${expected[0]?.videoId ?? ''}`);
  // Beside the player on a wide screen: its left edge is right of the player's.
  const player = await page.getByTestId('player').boundingBox();
  const list = await section.boundingBox();
  expect(list && player && list.x > player.x + player.width).toBe(true);
  await saveScreenshot(page, 'related-desktop');

  const target = expected[0]?.videoId ?? '';
  await links.first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${target}$`));
  const next = await relatedTo(request, target);
  await expect(section.getByRole('link')).toHaveCount(next.length);
  for (const link of await section.getByRole('link').all()) {
    await expect(link).not.toHaveAttribute('href', `/${target}`);
  }
});

test('on a phone the related list comes under the player, whole in width', async ({
  page,
  request,
}) => {
  const video = await findPlayable(request, { minRenditions: 1, minSeconds: 1 });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/${video.group_id}`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: '相关推荐' });
  await expect(section.getByRole('link').first()).toBeVisible();
  const box = await section.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  const player = await page.getByTestId('player').boundingBox();
  expect(box && player && box.y > player.y + player.height).toBe(true);
  // The list's top just under the sticky header, as a person scrolling to it sees it.
  await section.evaluate((el) => {
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 64);
  });
  await saveScreenshot(page, 'related-phone');
});
