import { expect, test } from './support/test.ts';
import { currentSite } from './support/sites.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';

/*
 * /app, 下载客户端 (decision 056): the site installs as a PWA. The browser's install offer is
 * Chromium's beforeinstallprompt, which a test browser on http://127.0.0.1 never makes: the test
 * dispatches one shaped like Chromium's and checks the page keeps it, offers 安装到桌面, prompts
 * once, and says 已安装 after appinstalled. A site without MELON_APP_* settings shows no packages
 * section (the server test of download_url answers none).
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test('on a computer: the steps, a QR code of the site, then the one-click install', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/app');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: '甜瓜视频 App', level: 1 })).toBeVisible();
  const install = page.locator('[data-install-state]');
  await expect(install).toHaveAttribute('data-install-state', 'manual');
  await expect(install.getByRole('heading', { name: '电脑（Chrome / Edge）' })).toBeVisible();
  const qr = page.getByRole('img', { name: '本站地址的二维码' });
  await expect(qr).toBeVisible();
  await expect(page.getByText(`${currentSite().origin}/`, { exact: true })).toBeVisible();
  // The packages the e2e site's settings offer (MELON_APP_*), each with its download link.
  const packages = page.getByRole('region', { name: '客户端安装包' }).getByRole('listitem');
  await expect(packages).toHaveText([/^Windows版本 2\.1\.0下载$/, /^Android下载$/]);
  await expect(packages.first().getByRole('link', { name: '下载' })).toHaveAttribute(
    'href',
    'https://dl.melon.example/MelonSetup-2.1.0.exe',
  );
  await saveScreenshot(page, 'download-app-desktop', { fullPage: true });

  // The manifest's raster icons are served: Chromium's install criteria.
  for (const icon of ['/icon-192.png', '/icon-512.png', '/apple-touch-icon.png']) {
    const response = await page.request.get(icon);
    expect(response.status(), icon).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }

  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    const calls = { prompts: 0 };
    Object.assign(window, { installCalls: calls });
    Object.assign(offer, {
      prompt: () => {
        calls.prompts += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  const button = page.getByRole('button', { name: '安装到桌面' });
  await button.click();
  await expect(button).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as { installCalls?: { prompts: number } }).installCalls),
  ).toEqual({ prompts: 1 });
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveAttribute('data-install-state', 'installed');
  await expect(install.getByText('已安装', { exact: true })).toBeVisible();
});

test('on an iPhone: Safari’s 添加到主屏幕 first, and no code to scan', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: IPHONE,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto('/app');
  await waitForHydration(page);
  const guide = page.locator('[data-install-state] h3').first();
  await expect(guide).toHaveText('iPhone / iPad（Safari）');
  await expect(page.getByText('选择“添加到主屏幕”，再点“添加”')).toBeVisible();
  await expect(page.getByRole('img', { name: '本站地址的二维码' })).toHaveCount(0);
  await saveScreenshot(page, 'download-app-iphone', { fullPage: true });
  await context.close();
});

test('in the app opened from the iPhone’s home screen: 已安装, and no steps', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: IPHONE,
  });
  // Safari says so through navigator.standalone (Chromium cannot emulate the display mode).
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'standalone', { value: true });
  });
  const page = await context.newPage();
  await page.goto('/app');
  await waitForHydration(page);
  const install = page.locator('[data-install-state]');
  await expect(install).toHaveAttribute('data-install-state', 'standalone');
  await expect(install).toContainText('你正在使用已安装的甜瓜视频。');
  await expect(install.getByRole('list')).toHaveCount(0);
  await context.close();
});
