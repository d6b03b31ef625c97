import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test.ts';
import { addFavorite } from '@melon/shared/calls/favorite.calls';
import { followAction } from '@melon/shared/calls/follow.calls';
import { setWatchProgress } from '@melon/shared/calls/history.calls';
import type { Channel } from '@melon/shared/contracts/channel';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { csrfHeaders, loginDialog, registerWithEmail, uniqueEmail } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findAlbum, findPlayable } from './support/playable.ts';

/*
 * The page-quality gate (decision 017): axe-core on one real address of every route of SPEC §2,
 * and on the login dialog, fails on any violation of impact serious or critical.
 */

// Each test opens its own page and changes nothing others read: they spread over both workers.
test.describe.configure({ mode: 'parallel' });

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per offending element: rule, impact, what to fix, where. */
const readable = (violations: Violation[]): string[] =>
  violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} — ${node.target.join(' ')}\n` +
        `    ${node.html}\n    ${(node.failureSummary ?? '').replaceAll('\n', '\n    ')}`,
    ),
  );

/** Runs axe on the page as it is now (or on `include` alone) and fails on serious or worse. */
async function expectNoSeriousViolations(page: Page, include?: string): Promise<void> {
  // Touch targets of 24 px (WCAG 2.2, 2.5.8) are off in axe by default; Lighthouse turns them on.
  const builder = new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(readable(serious), `axe on ${page.url()}`).toEqual([]);
}

/**
 * Opens the page and waits until React has hydrated its body (a video page hydrates after its
 * first frame, decision 015), so what the client renders on its own is checked too, and until
 * what it opens at once has finished appearing: a signed-out /my/* page opens the login prompt,
 * and axe measuring its fade-in reads half-transparent colours.
 */
async function open(page: Page, path: string, status = 200): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await waitForHydration(page);
  await page.waitForLoadState('load');
  await settled(page);
}

/** Waits until no CSS transition or animation runs (an infinite one, a spinner, is left alone). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

interface Demo {
  channel: string;
  item: VideoDetails;
  /** An album: its page has the album panel (decision 053). */
  albumId: string;
}

let demo: Demo;

test.beforeAll(async ({ request }) => {
  const channels = (
    (await (await request.get('/api/channel/list')).json()) as { data: { list: Channel[] } }
  ).data.list;
  const channel = channels.find((entry) => entry.pinyin !== '' && entry.url === null)?.pinyin;
  if (!channel) throw new Error('no demo channel');
  demo = {
    channel,
    item: await findPlayable(request, { minRenditions: 1, minSeconds: 1 }),
    albumId: (await findAlbum(request)).albumId,
  };
});

/** The routes of SPEC §2, each with one real address and the status it answers with. */
const routes: { route: string; path: (demo: Demo) => string; status?: number }[] = [
  { route: '/', path: () => '/' },
  { route: '/channel/:name', path: ({ channel }) => `/channel/${channel}` },
  { route: '/:mixId', path: ({ item }) => `/${item.group_id}` },
  { route: '/:mixId (an album)', path: ({ albumId }) => `/${albumId}` },
  { route: '/channel/yingshi (the cinema home)', path: () => '/channel/yingshi' },
  { route: '/iframe/:mixId', path: ({ item }) => `/iframe/${item.group_id}` },
  { route: '/kvideo/:keyword', path: () => '/kvideo/美食' },
  { route: '/search', path: () => '/search' },
  { route: '/search/:keyword/:qc?', path: () => '/search/美食' },
  // Operators only: anyone else gets the 404 page.
  {
    route: '/admin/others/get_snap_shot',
    path: () => '/admin/others/get_snap_shot',
    status: 404,
  },
  { route: '/home/:to_user_id', path: ({ item }) => `/home/${item.user_info.user_id}` },
  { route: '/my/watch-history', path: () => '/my/watch-history' },
  { route: '/my/attention', path: () => '/my/attention' },
  { route: '/my/favorite', path: () => '/my/favorite' },
  { route: '/app', path: () => '/app' },
  { route: '/tort', path: () => '/tort' },
  { route: '/cinema/filter/:pinyin', path: () => '/cinema/filter/dianying' },
  { route: '/cinema/filter/:pinyin?…', path: () => '/cinema/filter/dianshiju?paid=free&sort=new' },
  { route: '/vip-center', path: () => '/vip-center' },
  { route: '/vip-exchange', path: () => '/vip-exchange' },
  { route: '/debug', path: () => '/debug' },
  {
    route: '/user_playlist/:userId',
    path: ({ item }) => `/user_playlist/${item.user_info.user_id}`,
  },
  { route: '/toplay/:gid', path: ({ item }) => `/toplay/${item.group_id}` },
  // The page of a missing video says so with its status too (decision 056).
  { route: '/EmptyAnyVideo', path: () => '/EmptyAnyVideo', status: 404 },
  { route: 'any other path (404)', path: () => '/no/such/page', status: 404 },
];

for (const { route, path, status } of routes) {
  test(`axe: ${route}`, async ({ page }) => {
    await open(page, path(demo), status);
    await expectNoSeriousViolations(page);
  });
}

test('axe: the header’s search box open, with completions and with history and hot words', async ({
  page,
}) => {
  await open(page, '/search/%E7%94%B5%E5%BD%B1');
  const box = page.getByRole('combobox', { name: '搜索视频' });
  await box.fill('');
  await expect(page.getByRole('group', { name: '搜索历史' })).toBeVisible();
  await expectNoSeriousViolations(page, 'form[role="search"]');
  await box.pressSequentially('dianying');
  await expect(
    page.getByRole('listbox', { name: '搜索建议' }).getByRole('option').first(),
  ).toBeVisible();
  await box.press('ArrowDown');
  await expectNoSeriousViolations(page, 'form[role="search"]');
});

test('axe: /user-center/:tab? signed in, each tab', async ({ browser }) => {
  const context = await browser.newContext();
  await registerWithEmail(context, uniqueEmail(), 'melon2024');
  const page = await context.newPage();
  for (const tab of ['', 'devices', 'publish']) {
    await open(page, `/user-center/${tab}`);
    await expectNoSeriousViolations(page);
  }
  await context.close();
});

test('axe: /my/attention signed in, following an author', async ({ browser }) => {
  const context = await browser.newContext();
  await registerWithEmail(context, uniqueEmail(), 'melon2024');
  const followed = await context.request.post(followAction.path, {
    headers: await csrfHeaders(context.request),
    form: { to_user_id: demo.item.user_info.user_id, action: 'follow' },
  });
  expect(followed.ok()).toBe(true);
  const page = await context.newPage();
  await open(page, '/my/attention');
  await expect(page.getByTestId('followed-author')).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await context.close();
});

test('axe: /my/favorite signed in, with a favourite', async ({ browser }) => {
  const context = await browser.newContext();
  await registerWithEmail(context, uniqueEmail(), 'melon2024');
  const added = await context.request.post(addFavorite.path, {
    headers: await csrfHeaders(context.request),
    data: { group_id: demo.item.group_id },
  });
  expect(added.ok()).toBe(true);
  const page = await context.newPage();
  await open(page, '/my/favorite');
  await expect(page.getByTestId('favorite-entry')).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await context.close();
});

test('axe: /my/watch-history signed in, with an entry, in select mode too', async ({ browser }) => {
  const context = await browser.newContext();
  await registerWithEmail(context, uniqueEmail(), 'melon2024');
  const watched = await context.request.post(setWatchProgress.path, {
    headers: await csrfHeaders(context.request),
    data: { content_id: demo.item.item_id, progress: 3 },
  });
  expect(watched.ok()).toBe(true);
  const page = await context.newPage();
  await open(page, '/my/watch-history');
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: '批量管理' }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await context.close();
});

test('axe: the login dialog, open', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('banner').getByRole('link', { name: '登录', exact: true }).click();
  await expect(loginDialog(page)).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page);
});

test('axe: a phone-sized home and video page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', `/${demo.item.group_id}`]) {
    await open(page, path);
    await expectNoSeriousViolations(page);
  }
});

test('axe: the phone-sized cinema home, filter page and album page', async ({ page }) => {
  // Three pages, one a video page, each measured whole: more than one page's time.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/channel/yingshi', '/cinema/filter/dianying', `/${demo.albumId}`]) {
    await open(page, path);
    await expectNoSeriousViolations(page);
  }
});
