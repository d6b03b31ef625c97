import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { getCinemaCategory } from '@melon/shared/calls/cinema.calls';
import type { CinemaFilterCategory } from '@melon/shared/contracts/cinema';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { collectErrors, contextOfItsOwn, loginDialog } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { fetchedMedia } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { registeredEmail, signInFromPrompt } from './support/social.ts';
import { mintVipCodes } from './support/melon-cli.ts';

/*
 * Issue 15's journey in Chromium: a visitor filters the cinema's films down to the members-only
 * ones, opens the demo's VIP film (星际拾荒者, 6½ minutes), watches the 6-minute preview
 * to its end, signs in there, buys membership through the Alipay sandbox's cashier (确认付款:
 * the sandbox posts the signed notify, the order is granted), and 继续观看 plays on from the
 * clip's end in the full package. The member's segment URL is refused to a signed-out browser
 * (a borrowed link), and a code minted with `melon vip codes` extends the membership on
 * /vip-exchange.
 */

const FILM = '星际拾荒者';
/** Where the preview of an episode over 6 minutes ends (decision 050). */
const CLIP_END = 360;
/** The start may land on the keyframe just before the clip's end (2 s segments). */
const START_TOLERANCE = 2;

interface Envelope<T> {
  code: number;
  data: T;
}

/** Waits until the worker has cut the episode's preview (a visitor's details carry it). */
async function previewIsCut(request: APIRequestContext, itemId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/videov2/details?group_id=${itemId}`);
        const details = ((await answer.json()) as Envelope<VideoDetails>).data;
        return details.video_resource?.preview?.clip_end ?? null;
      },
      { message: 'the preview of the VIP episode is cut', timeout: 90_000, intervals: [1000] },
    )
    .toBe(CLIP_END);
}

const labelOf = (category: CinemaFilterCategory, key: string, value: string) => {
  const row = category.rows.find((entry) => entry.key === key);
  const option = row?.options.find((entry) => entry.value === value);
  if (!row || !option) throw new Error(`no ${key}=${value} on the filter page`);
  return { row: row.name, label: option.label };
};

const chip = (page: Page, row: string, label: string) =>
  page.getByRole('group', { name: row }).getByRole('link', { name: label, exact: true });

const video = (page: Page) => page.getByTestId('player').locator('video');

test('a visitor filters, previews a VIP episode, pays in the cashier and plays on; redeems a code', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = await registeredEmail(browser);
  const context = await contextOfItsOwn(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  const categoryAnswer = await context.request.get(`${getCinemaCategory.path}?pinyin=dianying`);
  const films = ((await categoryAnswer.json()) as Envelope<CinemaFilterCategory>).data;

  // The cinema home, then the films' filter page: members-only, 科幻, highest score first.
  await page.goto('/channel/yingshi');
  await waitForHydration(page);
  await expect(page.getByTestId('banner-carousel')).toBeVisible();
  await expect(
    page.getByTestId('cinema-row').first().getByTestId('album-card').first(),
  ).toBeVisible();
  // The covers below the fold load lazily: brought into view and decoded before the picture.
  const clips = page.getByTestId('clip-card');
  await clips.last().scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      clips
        .locator('img')
        .evaluateAll((images) =>
          images.every(
            (image) =>
              (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          ),
        ),
    )
    .toBe(true);
  await saveScreenshot(page, 'journey-cinema-home', { fullPage: true });

  await page.getByRole('link', { name: '更多电影' }).click();
  await expect(page).toHaveURL(/\/cinema\/filter\/dianying$/);
  const vip = labelOf(films, 'paid', 'vip');
  const genre = labelOf(films, 'genre', '科幻');
  await chip(page, vip.row, vip.label).click();
  await expect(page).toHaveURL(/[?&]paid=vip/);
  await chip(page, genre.row, genre.label).click();
  await expect(page).toHaveURL(/[?&]genre=/);
  await chip(page, labelOf(films, 'sort', 'score').row, '高分').click();
  await expect(page).toHaveURL(/[?&]sort=score/);
  const results = page.getByTestId('filter-results');
  const cards = results.getByTestId('album-card');
  await expect(cards.first()).toBeVisible();
  // Every film left has members-only episodes; the demo's VIP film is among them.
  const albumLink = results.getByRole('link', { name: new RegExp(`^${FILM}`) });
  await expect(albumLink).toBeVisible();
  await saveScreenshot(page, 'journey-cinema-filter', { fullPage: true });

  // The film opens on its feature (正片), which is for members only.
  await albumLink.click();
  const panel = page.getByTestId('album-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(FILM);
  const feature = panel.getByRole('list').first().getByTestId('album-episode').first();
  await expect(feature).toContainText('正片');
  await expect(feature.locator('[data-access]')).toHaveText('会员');
  const href = (await feature.getAttribute('href')) ?? '';
  const itemId = new URL(href, page.url()).searchParams.get('id') ?? '';
  expect(itemId).toMatch(/^\d+$/);
  // On a fresh site the worker cuts the preview shortly after start; the page needs it.
  await previewIsCut(context.request, itemId);
  await waitForHydration(page);
  await feature.click();
  await expect(page).toHaveURL(new RegExp(`\\?id=${itemId}$`));
  await expect(feature).toHaveAttribute('aria-current', 'true');

  // The visitor is given the preview only (试看6分钟); the player starts it by itself.
  const player = page.getByTestId('player');
  await expect(player.getByText('试看6分钟')).toBeVisible();
  // Playing means the player has loaded the clip and placed its start; a seek now stays.
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0.5);

  // Watched to its end: from 5:50 the preview plays out and the player stops with the offer.
  await video(page).evaluate((element: HTMLVideoElement) => {
    element.currentTime = 350;
  });
  const offer = page.getByTestId('preview-end');
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer.getByText('试看已结束')).toBeVisible();
  const stopped = await video(page).evaluate((element: HTMLVideoElement) => ({
    paused: element.paused,
    at: element.currentTime,
  }));
  expect(stopped.paused).toBe(true);
  expect(stopped.at).toBeGreaterThan(CLIP_END - 5);
  expect(await fetchedMedia(page)).not.toContainEqual(expect.stringContaining('/media/m/'));
  await saveScreenshot(player, 'journey-preview-ended');

  // Signing in at the end of the preview: a non-member, so the offer turns to membership.
  await offer.getByRole('button', { name: '登录后继续观看' }).click();
  const dialog = loginDialog(page);
  await signInFromPrompt(dialog, email);
  await expect(dialog).toBeHidden();
  const join = offer.getByRole('link', { name: '开通会员 继续观看' });
  await expect(join).toHaveAttribute('href', `/vip-center?from_gid=${itemId}`);
  await join.click();

  // /vip-center: 未开通; 月度会员 with Alipay through the sandbox's cashier.
  await expect(page).toHaveURL(new RegExp(`/vip-center\\?from_gid=${itemId}$`));
  await waitForHydration(page);
  const membership = page.getByTestId('membership-state');
  await expect(membership).toHaveText('未开通');
  await page.getByText('月度会员').click();
  await page.getByText('支付宝', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '支付宝' })).toBeChecked();
  // The sign-in's toast has gone before the picture.
  await expect(page.getByRole('status').getByText('登录成功')).toBeHidden();
  await saveScreenshot(page, 'journey-vip-center', { fullPage: true });
  await page.getByRole('button', { name: /^立即开通 ¥/ }).click();

  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await expect(page.getByText('月度会员')).toBeVisible();
  await saveScreenshot(page, 'journey-cashier', { fullPage: true });
  await page.getByRole('button', { name: '确认付款' }).click();

  // Back from the cashier: the signed notify has granted the order.
  await expect(page).toHaveURL(new RegExp(`/vip-center\\?.*order_id=\\d+`));
  expect(new URL(page.url()).searchParams.get('from_gid')).toBe(itemId);
  await expect(page.getByRole('heading', { name: '开通成功' })).toBeVisible();
  await expect(membership).toHaveText(/^会员有效期至 \d{4}-\d{2}-\d{2}$/);
  const paidUntil = (await membership.textContent()) ?? '';
  await expect(page.locator('li[data-order-id]').first()).toContainText('已开通');
  await saveScreenshot(page, 'journey-vip-center-paid', { fullPage: true });

  // 继续观看: the full package, from the end of the preview (start rule 1).
  await waitForHydration(page);
  await page.getByRole('link', { name: '继续观看' }).click();
  await expect(page).toHaveURL(new RegExp(`/${itemId}$`));
  await expect(page.getByTestId('player')).toBeVisible();
  await expect(page.getByTestId('player').getByText('试看6分钟')).toBeHidden();
  await expect(page.getByTestId('preview-end')).toBeHidden();
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), {
      message: 'playback continues past the clip’s end',
      timeout: 30_000,
    })
    .toBeGreaterThan(CLIP_END + 1);
  const played = await video(page).evaluate((element: HTMLVideoElement) => {
    const ranges: number[] = [];
    for (let i = 0; i < element.played.length; i += 1) ranges.push(element.played.start(i));
    return { ranges: ranges.length, first: Math.min(...ranges), paused: element.paused };
  });
  // It started at the clip's end, not from the beginning or the history's position.
  expect(played.ranges).toBeGreaterThan(0);
  expect(played.first).toBeGreaterThanOrEqual(CLIP_END - START_TOLERANCE);
  expect(played.paused).toBe(false);
  const media = await fetchedMedia(page);
  const memberFiles = media.filter(
    (url) => url.includes(`/media/m/`) && url.includes(`/v/${itemId}/`),
  );
  expect(memberFiles.length).toBeGreaterThan(0);
  expect(media.filter((url) => url.includes(`/v/${itemId}/trial-`))).toEqual([]);
  expect(
    await page.evaluate((id) => sessionStorage.getItem(`melon:preview-end:${id}`), itemId),
  ).toBeNull();
  // Back on the feature in its album: it is the one playing.
  await expect(
    page.getByTestId('album-panel').getByRole('list').first().getByTestId('album-episode').first(),
  ).toHaveAttribute('aria-current', 'true');
  await saveScreenshot(page, 'journey-continued');

  // The member's segment answers the member, and a borrowed copy of the link answers 403.
  const segment = memberFiles.find((url) => url.endsWith('.m4s'));
  if (!segment) throw new Error('no full-package segment was fetched');
  const mine = await context.request.get(segment);
  expect(mine.status()).toBe(200);
  const stranger = await browser.newContext();
  const borrowed = await stranger.request.get(segment);
  expect(borrowed.status()).toBe(403);
  await stranger.close();

  // A code redeemed on /vip-exchange adds its days to the paid membership.
  const [code = ''] = mintVipCodes(1, 31);
  await page.goto('/vip-exchange');
  await waitForHydration(page);
  await expect(membership).toHaveText(paidUntil);
  await page.getByLabel('兑换码').pressSequentially(code);
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByRole('heading', { name: '兑换成功' })).toBeVisible();
  await expect(page.getByText('已为你增加 31 天会员')).toBeVisible();
  const redeemedUntil = (await membership.textContent()) ?? '';
  expect(redeemedUntil).toMatch(/^会员有效期至 \d{4}-\d{2}-\d{2}$/);
  expect(redeemedUntil > paidUntil).toBe(true);

  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
