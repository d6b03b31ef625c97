import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import {
  filterCinemaAlbums,
  getAlbumDetails,
  getCinemaCategory,
  getCinemaChannels,
} from '@melon/shared/calls/cinema.calls';
import type {
  AlbumDetails,
  CinemaAlbumCard,
  CinemaAlbumsBody,
  CinemaAlbumsPage,
  CinemaChannels,
  CinemaFilterCategory,
} from '@melon/shared/contracts/cinema';
import { csrfHeaders } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';

/*
 * The cinema in Chromium (issue 15, decision 053): the 影视 channel is the cinema home; a
 * visitor filters films by two rows and a sort, the address carries it through a reload and
 * back; 加载更多 adds albums without repeating one; an album opens, an episode plays, and the
 * next episode follows when it ends.
 */

/** Albums per page of the filter page (features/cinema/constants.ts). */
const PAGE_SIZE = 24;

interface Envelope<T> {
  data: T;
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

async function albums(
  request: APIRequestContext,
  body: CinemaAlbumsBody,
): Promise<CinemaAlbumsPage> {
  const response = await request.post(filterCinemaAlbums.path, {
    headers: await csrfHeaders(request),
    data: body,
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Envelope<CinemaAlbumsPage>).data;
}

const albumIdsShown = (page: Page) =>
  page
    .getByTestId('filter-results')
    .getByTestId('album-card')
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.slice(1) ?? ''));

const chip = (page: Page, row: string, label: string): Locator =>
  page.getByRole('group', { name: row }).getByRole('link', { name: label, exact: true });

test('the 影视 channel is the cinema home: banners, entry tiles and rows by type', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto('/channel/yingshi');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/影视/);
  await waitForHydration(page);

  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel).toBeVisible();
  const slides = carousel.locator('[aria-roledescription="slide"]');
  expect(await slides.count()).toBeGreaterThan(1);
  await expect(
    page.getByRole('navigation', { name: '分类入口' }).getByRole('link'),
  ).not.toHaveCount(0);

  const rows = page.getByTestId('cinema-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  const films = page.getByRole('region', { name: '电影' });
  await expect(films.getByTestId('album-card').first()).toBeVisible();
  await expect(films.getByRole('link', { name: '更多电影' })).toHaveAttribute(
    'href',
    '/cinema/filter/dianying',
  );

  // It turns by itself (its live region quiet) until a pointer rests on it.
  const track = carousel.locator('[aria-live]');
  await expect(track).toHaveAttribute('aria-live', 'off');
  await carousel.hover();
  await expect(track).toHaveAttribute('aria-live', 'polite');
  await page.mouse.move(0, 0);
  await expect(track).toHaveAttribute('aria-live', 'off');

  // Only the slide shown can be reached; the keyboard moves the carousel.
  const dots = carousel.getByRole('button', { name: /^第 \d+ 张$/ });
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: '暂停轮播' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(slides.nth(1)).not.toHaveAttribute('inert');
  await expect(slides.first()).toHaveAttribute('inert');
  await page.keyboard.press('ArrowLeft');
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await carousel.getByRole('button', { name: '暂停轮播' }).click();
  await expect(carousel.getByRole('button', { name: '继续轮播' })).toBeVisible();
  await page.mouse.move(0, 0);

  await saveScreenshot(page, 'cinema-home-1440', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(films.getByTestId('album-card').first()).toBeVisible();
  await saveScreenshot(page, 'cinema-home-390', { fullPage: true });
});

test('on a touch phone a swipe moves the carousel', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto('/channel/yingshi');
  await waitForHydration(page);
  const carousel = page.getByTestId('banner-carousel');
  const dots = carousel.getByRole('button', { name: /^第 \d+ 张$/ });
  // Stopped first, so only the swipe moves it.
  await carousel.getByRole('button', { name: '暂停轮播' }).tap();
  const current = await dots.evaluateAll((buttons) =>
    buttons.findIndex((button) => button.getAttribute('aria-current') === 'true'),
  );
  const box = await carousel.boundingBox();
  if (!box) throw new Error('no carousel box');
  const y = box.y + box.height / 2;
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  await touch('touchStart', box.x + box.width * 0.8);
  await touch('touchMove', box.x + box.width * 0.5);
  await touch('touchEnd', box.x + box.width * 0.2);
  await expect(dots.nth((current + 1) % (await dots.count()))).toHaveAttribute(
    'aria-current',
    'true',
  );
  await context.close();
});

test('a visitor filters films by two rows and a sort; the address keeps it', async ({
  page,
  request,
}) => {
  const category = await apiGet<CinemaFilterCategory>(
    request,
    `${getCinemaCategory.path}?pinyin=dianying`,
  );
  const all = await albums(request, { pinyin: 'dianying', count: 30 });
  // A film with a genre and a region, so both rows narrow to something.
  const film = all.albumList.find((album) => album.genres.length > 0 && album.region !== '');
  if (!film) throw new Error('no demo film with a genre and a region');
  const genre = film.genres[0] ?? '';
  const labelOf = (key: string, value: string) =>
    category.rows.find((row) => row.key === key)?.options.find((o) => o.value === value)?.label ??
    '';
  const rowName = (key: string) => category.rows.find((row) => row.key === key)?.name ?? '';

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/channel/yingshi');
  await waitForHydration(page);
  await page.getByRole('link', { name: '更多电影' }).click();
  await expect(page).toHaveURL(/\/cinema\/filter\/dianying$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('电影片库');
  await expect(chip(page, rowName('sort'), '最热')).toHaveAttribute('aria-current', 'true');

  await chip(page, rowName('genre'), labelOf('genre', genre)).click();
  await expect(page).toHaveURL(new RegExp(`[?&]genre=${encodeURIComponent(genre)}`));
  await chip(page, rowName('region'), labelOf('region', film.region)).click();
  await expect(page).toHaveURL(new RegExp(`[?&]region=${encodeURIComponent(film.region)}`));
  await chip(page, rowName('sort'), '高分').click();
  await expect(page).toHaveURL(/[?&]sort=score/);
  const url = new URL(page.url());
  expect(url.searchParams.get('genre')).toBe(genre);
  expect(url.searchParams.get('region')).toBe(film.region);

  // The page lists what the call lists for those choices, in its order.
  const expected = await albums(request, {
    pinyin: 'dianying',
    filters: { genre, region: film.region },
    sort: 'score',
    count: PAGE_SIZE,
  });
  const expectedIds = expected.albumList.map((album) => album.albumId);
  expect(expectedIds).toContain(film.albumId);
  await expect.poll(() => albumIdsShown(page)).toEqual(expectedIds);
  await saveScreenshot(page, 'cinema-filter-1440', { fullPage: true });

  // A reload is server-rendered from the address alone.
  await page.reload();
  await expect(chip(page, rowName('genre'), labelOf('genre', genre))).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(chip(page, rowName('region'), labelOf('region', film.region))).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(chip(page, rowName('sort'), '高分')).toHaveAttribute('aria-current', 'true');
  expect(await albumIdsShown(page)).toEqual(expectedIds);

  // Back goes to the choice before the sort.
  await waitForHydration(page);
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(chip(page, rowName('sort'), '最热')).toHaveAttribute('aria-current', 'true');
  await expect(chip(page, rowName('region'), labelOf('region', film.region))).toHaveAttribute(
    'aria-current',
    'true',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'cinema-filter-390', { fullPage: true });
});

test('an unknown category is the 404 page; a value no row offers is dropped', async ({ page }) => {
  const response = await page.goto('/cinema/filter/no-such-category');
  expect(response?.status()).toBe(404);
  await page.goto('/cinema/filter/dianying?genre=%E4%B8%8D%E5%AD%98%E5%9C%A8&sort=new');
  await expect(page).toHaveURL(/\/cinema\/filter\/dianying\?sort=new$/);
  const streamed = await page.goto('/stream/cinema/filter/dianying');
  expect(streamed?.status()).toBe(200);
});

test('choices no film matches show the empty state, and 清除筛选 keeps only the sort', async ({
  page,
  request,
}) => {
  const category = await apiGet<CinemaFilterCategory>(
    request,
    `${getCinemaCategory.path}?pinyin=dianying`,
  );
  const valuesOf = (key: string) =>
    (category.rows.find((row) => row.key === key)?.options ?? [])
      .map((option) => option.value)
      .filter(Boolean);
  let empty: { genre: string; region: string } | undefined;
  for (const genre of valuesOf('genre')) {
    for (const region of valuesOf('region')) {
      const answer = await albums(request, { pinyin: 'dianying', filters: { genre, region } });
      if (answer.albumList.length === 0) empty = { genre, region };
      if (empty) break;
    }
    if (empty) break;
  }
  if (!empty) throw new Error('every genre and region of the demo films has a film');

  const query = new URLSearchParams({ ...empty, sort: 'new' });
  await page.goto(`/cinema/filter/dianying?${query.toString()}`);
  await waitForHydration(page);
  await expect(page.getByTestId('filter-empty')).toContainText('没有符合条件的影片');
  await page.getByRole('link', { name: '清除筛选' }).click();
  await expect(page).toHaveURL(/\/cinema\/filter\/dianying\?sort=new$/);
  await expect(page.getByTestId('filter-results').getByTestId('album-card').first()).toBeVisible();
});

test('加载更多 adds the next albums in a stable order without repeating one', async ({
  page,
  request,
}) => {
  const { channels } = await apiGet<CinemaChannels>(request, getCinemaChannels.path);
  const big = channels.find((channel) => channel.albumCount > PAGE_SIZE);
  if (!big) throw new Error(`no demo category with more than ${PAGE_SIZE} albums`);
  const first = await albums(request, { pinyin: big.pinyin, count: PAGE_SIZE });
  const second = await albums(request, {
    pinyin: big.pinyin,
    offset: first.offset,
    count: PAGE_SIZE,
  });
  const expected = [...first.albumList, ...second.albumList].map((album) => album.albumId);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/cinema/filter/${big.pinyin}`);
  await waitForHydration(page);
  expect(await albumIdsShown(page)).toEqual(first.albumList.map((album) => album.albumId));
  await page.getByRole('button', { name: '加载更多' }).click();
  await expect.poll(() => albumIdsShown(page)).toEqual(expected);
  expect(new Set(expected).size).toBe(expected.length);
  await saveScreenshot(page, 'cinema-filter-more-1440');
});

/** A TV album whose first three official episodes are free (no preview in the way). */
async function freeSeries(request: APIRequestContext): Promise<{
  album: CinemaAlbumCard;
  episodes: NonNullable<AlbumDetails['blocks']['episodes']>;
}> {
  const tv = await albums(request, { pinyin: 'dianshiju', filters: { paid: 'free' }, count: 30 });
  for (const album of tv.albumList) {
    if (!album.firstItemId) continue;
    const details = await apiGet<AlbumDetails>(
      request,
      `${getAlbumDetails.path}?album_id=${album.albumId}&block_ids=episodes`,
    );
    const official = (details.blocks.episodes ?? []).filter((e) => e.episodeType === 'official');
    if (official.length >= 3 && official.slice(0, 3).every((e) => e.access === 'free')) {
      return { album, episodes: official };
    }
  }
  throw new Error('no demo TV album with three free episodes');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const currentTime = (page: Page) =>
  page
    .locator('[data-testid="player"] video')
    .evaluate((video: HTMLVideoElement) => video.currentTime);

test('an album opens from the filter page, an episode plays, and the next one follows', async ({
  page,
  request,
}) => {
  const { album, episodes } = await freeSeries(request);
  const [, second, third] = episodes;
  if (!second || !third) throw new Error('unreachable');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/cinema/filter/dianshiju?paid=free');
  await waitForHydration(page);
  await page
    .getByTestId('filter-results')
    .getByRole('link', { name: new RegExp(`^${escapeRegExp(album.title)}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${album.albumId}$`));

  const panel = page.getByTestId('album-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(album.title);
  await expect(panel.getByText(album.albumTypeName, { exact: true })).toBeVisible();
  const buttons = panel.getByRole('list').first().getByTestId('album-episode');
  await expect(buttons.nth(1)).toContainText(second.episodeLabel);
  await expect(buttons.nth(1)).toContainText(/^第2[集期]/);
  await waitForHydration(page);
  await saveScreenshot(page, 'cinema-album-1440');

  await buttons.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/${album.albumId}\\?id=${second.itemId}$`));
  await expect(panel.getByTestId('album-episode').nth(1)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await waitForHydration(page);

  // Near its end the episode hands over to the next one (loop mode none, SPEC §4).
  await page.locator('[data-testid="player"] video').evaluate((video: HTMLVideoElement) => {
    video.currentTime = Math.max(0, video.duration - 1.5);
  });
  await expect(page).toHaveURL(new RegExp(`[?&]id=${third.itemId}$`), { timeout: 20_000 });
  await expect(panel.getByTestId('album-episode').nth(2)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0);
});

test('an album’s members-only and paid episodes carry their marks', async ({ page, request }) => {
  // A members-only album (the filter's 会员) with episodes: the demo's VIP series.
  const { channels } = await apiGet<CinemaChannels>(request, getCinemaChannels.path);
  let found: { albumId: string; access: string[] } | undefined;
  for (const channel of channels.filter((entry) => entry.albumCount > 0)) {
    const vip = await albums(request, { pinyin: channel.pinyin, filters: { paid: 'vip' } });
    for (const album of vip.albumList.filter((entry) => entry.firstItemId)) {
      const details = await apiGet<AlbumDetails>(
        request,
        `${getAlbumDetails.path}?album_id=${album.albumId}&block_ids=episodes`,
      );
      const official = (details.blocks.episodes ?? []).filter((e) => e.episodeType === 'official');
      if (official.some((e) => e.access === 'free') && official.some((e) => e.access === 'vip')) {
        found = { albumId: album.albumId, access: official.map((e) => e.access) };
      }
    }
  }
  if (!found) throw new Error('no demo album with free and members-only episodes');

  await page.goto(`/${found.albumId}`);
  const buttons = page
    .getByTestId('album-panel')
    .getByRole('list')
    .first()
    .getByTestId('album-episode');
  await expect(buttons).toHaveCount(found.access.length);
  const marks: Record<string, string> = { vip: '会员', paid: '付费' };
  for (const [index, access] of found.access.entries()) {
    const badge = buttons.nth(index).locator('[data-access]');
    if (access === 'free') await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(marks[access] ?? '');
  }
});
