import { expect, test, type Page } from './support/test.ts';
import { saveScreenshot } from './support/screenshots.ts';

/** Cards link to the any-video page of their item: /<19-digit id>. */
const cardLinks = (page: Page) => page.locator('main a[href]').filter({ has: page.locator('img') });
const cardHrefs = async (page: Page) =>
  (
    await cardLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  ).filter((href) => /^\/\d{19}$/.test(href));

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('home is server-rendered with real cards before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const hrefs = await cardHrefs(page);
  expect(hrefs.length).toBeGreaterThanOrEqual(20);
  await expect(page.locator('body')).toContainText('次播放');
  await expect(page.locator('nav, aside').first()).toContainText('推荐');
  await context.close();
});

test('home hydrates without console errors and infinite scroll loads the next page', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const first = await cardHrefs(page);
  expect(first.length).toBe(30);
  await saveScreenshot(page, 'home');
  const nextPage = page.waitForResponse(
    (r) => r.url().includes('/api/feedv2/feedById') && r.status() === 200,
  );
  await page.mouse.wheel(0, 20_000);
  await nextPage;
  await expect.poll(async () => (await cardHrefs(page)).length).toBeGreaterThan(30);
  const all = await cardHrefs(page);
  expect(new Set(all).size).toBe(all.length);
  expect(errors).toEqual([]);
});

test('a channel page shows that channel', async ({ page, request }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const response = await page.goto('/channel/meishi');
  expect(response?.status()).toBe(200);
  const api = await request.get('/api/feedv2/feedById?channelId=5&count=30');
  const expected = ((await api.json()) as { data: { list: { groupId: string }[] } }).data.list.map(
    (cell) => `/${cell.groupId}`,
  );
  expect(await cardHrefs(page)).toEqual(expected);
  await expect(page.getByText('在家做正宗红烧肉，肥而不腻的秘诀')).toBeVisible();
  await saveScreenshot(page, 'channel-meishi');
  expect(errors).toEqual([]);
});

test('the home page on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  expect((await cardHrefs(page)).length).toBeGreaterThan(0);
  await saveScreenshot(page, 'home-phone');
});

/** n digits, none of them 0: a mix id or gid needs 16 to 26 (SPEC §5). */
const digits = (n: number) => '1'.repeat(n);

test.describe('404 page', () => {
  for (const path of [
    '/no/such/page',
    '/0123456789012345678',
    '/12345',
    `/${digits(15)}`,
    `/${digits(27)}`,
    '/channel/nosuch',
    '/home/0123',
    '/home/abc',
    '/toplay/abc',
    `/toplay/0${digits(18)}`,
    `/toplay/${digits(15)}`,
    `/toplay/${digits(27)}`,
    '/user_playlist/abc',
    '/user_playlist/0123',
    // Well-formed ids of users that do not exist (the author and playlist pages read the user).
    '/user_playlist/1',
    '/home/1',
    '/live/cinema/filter/dianying',
    '/stream/cinema/filter/Dian_Ying',
  ]) {
    test(`${path} answers 404 with the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('body')).toContainText('404');
    });
  }

  // The embeddable player answers inside its frame, not with the site's 404 page (decision 057).
  for (const path of [
    `/iframe/0${digits(18)}`,
    '/iframe/abc',
    `/iframe/${digits(27)}`,
    `/iframe/${digits(16)}`,
    `/iframe/${digits(26)}`,
  ]) {
    test(`${path} answers 404 with the frame's own message`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator('body')).toContainText('视频不存在或已删除');
    });
  }

  // The same routes with parameters they accept, so the 404s above come from the parameter rules.
  for (const path of ['/cinema/filter/dianying', '/stream/cinema/filter/dianying']) {
    test(`${path} is not a 404`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
    });
  }

  test('looks like a page of the site', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/no/such/page');
    await saveScreenshot(page, '404');
  });
});

test('?id equal to the mixId is dropped by redirect', async ({ page, request }) => {
  const api = await request.get('/api/feedv2/feedById?channelId=1&count=1');
  const id =
    ((await api.json()) as { data: { list: { groupId: string }[] } }).data.list[0]?.groupId ?? '';
  await page.goto(`/${id}?id=${id}`);
  expect(new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).pathname).toBe(`/${id}`);
});
