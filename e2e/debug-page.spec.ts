import { expect, test, type Page } from './support/test.ts';
import { currentSite } from './support/sites.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signedInContext } from './support/social.ts';

/*
 * /debug, 调试 (decision 056): the checks run in the browser against the real server (its
 * clock through get_timestamp, a ping through /ws), and 复制诊断信息 copies them as text.
 */

const row = (page: Page, label: string) =>
  page.getByTestId('diagnostics').locator('div', { has: page.locator('dt', { hasText: label }) });

test('the checks, and the copy a support request needs', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto('/debug');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await waitForHydration(page);
  await expect(page.getByTestId('diagnostics')).toBeVisible();

  await expect(row(page, 'WebSocket /ws 往返').locator('dd')).toHaveText(/^\d+ 毫秒$/);
  // Browser and server share this machine's clock.
  await expect(row(page, '时钟偏差').locator('dd')).toHaveText(/^正常（相差 0\.\d 秒）$/);
  await expect(row(page, '接口往返').locator('dd')).toHaveText(/^\d+ 毫秒$/);
  await expect(row(page, 'MediaSource').first().locator('dd')).toHaveText('支持');
  await expect(row(page, 'H.264').locator('dd')).toHaveText(/^(不)?支持$/);
  await expect(row(page, 'Service Worker').locator('dd')).toHaveText('未注册');
  await expect(row(page, '构建版本').locator('dd')).toHaveText(/^[0-9a-f]{8,}$/);
  await expect(row(page, '已登录').locator('dd')).toHaveText('否');
  await saveScreenshot(page, 'debug-desktop', { fullPage: true });

  await page.getByRole('button', { name: '复制诊断信息' }).click();
  await expect(page.getByText('诊断信息已复制')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^诊断信息\n\n\[页面\]\n检测时间: /);
  expect(copied).toContain(`\n地址: ${currentSite().origin}/debug\n`);
  expect(copied).toMatch(/\nWebSocket \/ws 往返: \d+ 毫秒\n/);
  expect(copied).toContain('\n已登录: 否\n用户 ID: 无\n');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: '重新检测' }).click();
  await expect(row(page, 'WebSocket /ws 往返').locator('dd')).toHaveText(/^\d+ 毫秒$/);
  await saveScreenshot(page, 'debug-phone', { fullPage: true });
  await context.close();
});

test('signed in: the user id, and not one cookie or token in the copy', async ({ browser }) => {
  const context = await signedInContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const config = await context.request.get('/api/otherv2/global_config');
  const { id, csrfToken } = ((await config.json()) as { data: { id: string; csrfToken: string } })
    .data;
  const page = await context.newPage();
  await page.goto('/debug');
  await waitForHydration(page);
  await expect(row(page, '已登录').locator('dd')).toHaveText('是');
  await expect(row(page, '用户 ID').locator('dd')).toHaveText(id);
  await page.getByRole('button', { name: '复制诊断信息' }).click();
  await expect(page.getByText('诊断信息已复制')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`\n用户 ID: ${id}\n`);
  const secrets = [csrfToken, ...(await context.cookies()).map((cookie) => cookie.value)];
  for (const secret of secrets) expect(copied).not.toContain(secret);
  await context.close();
});
