import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { addPlay } from '@melon/shared/calls/plays.calls';
import type { CommentPage } from '@melon/shared/contracts/comment';
import type { FeedCell } from '@melon/shared/contracts/feed';
import type { PlayAdded } from '@melon/shared/contracts/plays';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { contextOfItsOwn } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { detailsOf } from './support/social.ts';

/*
 * Issue 13, SEO and plays (decisions 038 and 039): the head of the pages, the complete HTML a
 * crawler gets, the cards' hover preview, and a play counted after 3 s of playback.
 */

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Envelope<T> {
  data: T;
}

async function dataOf<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as Envelope<T>).data;
}

/** A demo video with a plain-text comment everyone sees: its details and that comment's text. */
async function videoWithComment(request: APIRequestContext) {
  const feed = await dataOf<{ list: FeedCell[] }>(
    request,
    '/api/feedv2/feedById?channelId=1&count=30',
  );
  for (const cell of feed.list) {
    const details = await dataOf<VideoDetails>(
      request,
      `/api/videov2/details?group_id=${cell.groupId}`,
    );
    if (details.comment_count === 0 || details.status !== 'ready') continue;
    const comments = await dataOf<CommentPage>(
      request,
      `/tlb/comment/article/v5/tab_comments/?group_id=${cell.groupId}&tab_index=0&count=10&offset=0`,
    );
    const plain = comments.data.find((comment) => /^[\u4e00-\u9fff，。！？]+$/.test(comment.text));
    if (plain) return { details, comment: plain.text };
  }
  throw new Error('no demo video with a plain-text comment');
}

const metaContent = (page: Page, selector: string) =>
  page.locator(`head ${selector}`).getAttribute('content');

test('a crawler gets the whole video page at once: title, description, comments, JSON-LD', async ({
  request,
}) => {
  const { details, comment } = await videoWithComment(request);
  const crawled = await request.get(`/${details.group_id}`, {
    headers: { 'user-agent': GOOGLEBOT },
  });
  expect(crawled.status()).toBe(200);
  const html = await crawled.text();
  const title = details.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  expect(html).toContain(`<title>${title} - 甜瓜视频</title>`);
  expect(html).toContain('<meta name="description" content="');
  expect(html).toMatch(
    new RegExp(`<link rel="canonical" href="http://[^"]+/${details.group_id}"/>`),
  );
  expect(html).toContain('<script type="application/ld+json">');
  expect(html).toContain('"@type":"VideoObject"');
  expect(html).toContain(comment);
  // The link blocks at the foot: hot videos and channels, plain links.
  expect(html).toContain('热点视频');
  expect(html).toContain('频道导航');

  // People's browsers fetch the comments after hydration (decision 032): not in their HTML.
  const person = await request.get(`/${details.group_id}`, {
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
  });
  expect(await person.text()).not.toContain(comment);
});

test('every page names itself: title, description, canonical address, Open Graph; own pages noindex', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page).toHaveTitle('甜瓜视频 - 发现好看的视频');
  const origin = new URL(page.url()).origin;
  expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/`);
  expect(await metaContent(page, 'meta[name="description"]')).toContain('甜瓜视频');
  expect(await metaContent(page, 'meta[property="og:site_name"]')).toBe('甜瓜视频');
  expect(await page.locator('head meta[name="robots"]').count()).toBe(0);

  await page.goto('/channel/youxi?from=menu');
  await expect(page).toHaveTitle(/^游戏 - 甜瓜视频$/);
  expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(
    `${origin}/channel/youxi`,
  );
  expect(await metaContent(page, 'meta[property="og:title"]')).toBe('游戏');

  const video = await findPlayable(page.request, { minRenditions: 1, minSeconds: 1 });
  await page.goto(`/${video.group_id}`);
  await waitForHydration(page);
  expect(await metaContent(page, 'meta[property="og:type"]')).toBe('video.other');
  expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/^http/);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as { name: string; duration: string; embedUrl: string };
  expect(ld.name).toBe(video.title);
  expect(ld.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
  expect(ld.embedUrl).toBe(`${origin}/iframe/${video.group_id}`);

  await page.goto('/my/favorite');
  expect(await metaContent(page, 'meta[name="robots"]')).toBe('noindex');
});

test('a card plays its preview clip while the mouse rests on it or focus is in it, and stops after', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const feed = await dataOf<{ list: FeedCell[] }>(
    page.request,
    '/api/feedv2/feedById?channelId=1&count=30',
  );
  const cell = feed.list.find((c) => c.preview_url !== null);
  expect(cell, 'a home card with a preview clip').toBeDefined();
  const groupId = cell?.groupId ?? '';
  await page.goto('/');
  await waitForHydration(page);
  const card = page.locator('article').filter({ has: page.locator(`a[href="/${groupId}"]`) });
  await card.scrollIntoViewIfNeeded();
  // Nothing is fetched before the hover.
  await expect(card.locator('video')).toHaveCount(0);

  await card.locator('img').hover();
  const clip = card.locator('video');
  await expect(clip).toHaveAttribute('data-playing', 'true');
  expect(await clip.evaluate((v: HTMLVideoElement) => v.muted && !v.paused)).toBe(true);
  await saveScreenshot(card, 'card-hover-preview');

  await page.mouse.move(0, 0);
  await expect(clip).toHaveCount(0);

  // By keyboard: the title link's focus plays it, focus leaving stops it.
  await card.getByRole('link', { name: cell?.title }).focus();
  await expect(clip).toHaveAttribute('data-playing', 'true');
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await expect(clip).toHaveCount(0);
});

test('a visitor’s play counts once 3 s have played, and once in an hour', async ({ browser }) => {
  const context = await contextOfItsOwn(browser);
  const page = await context.newPage();
  const video = await findPlayable(context.request, { minRenditions: 1, minSeconds: 5 });
  const before = (await detailsOf(context.request, video.group_id)).play_count;
  const reported = () => page.waitForResponse((response) => response.url().includes(addPlay.path));

  const first = reported();
  await page.goto(`/${video.group_id}`);
  const answer = (await (await first).json()) as Envelope<PlayAdded>;
  expect(answer.data).toEqual({ counted: true, play_count: before + 1 });
  const playedS = await page
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => v.currentTime);
  expect(playedS).toBeGreaterThanOrEqual(3);

  // The same browser again within the hour: reported, not counted.
  const again = reported();
  await page.reload();
  expect(((await (await again).json()) as Envelope<PlayAdded>).data).toEqual({
    counted: false,
    play_count: before + 1,
  });
  await context.close();
});

test('the home page ends with link blocks a person can read and reach by keyboard, 360 px to 2560 px', async ({
  page,
}) => {
  for (const width of [360, 1440, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await waitForHydration(page);
    // The blocks follow the feed: a person meets them once the feed has no more pages.
    await expect(async () => {
      await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await expect(page.getByText('没有更多了')).toBeVisible({ timeout: 1000 });
    }).toPass();
    const links = page.getByRole('navigation', { name: '更多精彩' });
    await links.scrollIntoViewIfNeeded();
    const hot = links.getByRole('region', { name: '热点视频' });
    await expect(hot.getByRole('link').first()).toBeVisible();
    await expect(links.getByRole('region', { name: '频道导航' }).getByRole('link')).not.toHaveCount(
      0,
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await saveScreenshot(links, `site-links-${width}`);
  }
  // The video page ends with them too, under the comments.
  await page.setViewportSize({ width: 1440, height: 900 });
  const video = await findPlayable(page.request, { minRenditions: 1, minSeconds: 1 });
  await page.goto(`/${video.group_id}`);
  await waitForHydration(page);
  const videoLinks = page.getByRole('navigation', { name: '更多精彩' });
  await videoLinks.scrollIntoViewIfNeeded();
  await expect(
    videoLinks.getByRole('region', { name: '热门作者' }).getByRole('link'),
  ).not.toHaveCount(0);
  await saveScreenshot(page, 'site-links-video-page');

  await page.goto('/');
  const first = page.getByRole('navigation', { name: '更多精彩' }).getByRole('link').first();
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\d{19}$/);
});
