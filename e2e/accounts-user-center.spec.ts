import { expect, test, type Page } from './support/test.ts';
import type { SessionList } from '@melon/shared/contracts/passport';
import {
  csrfHeaders,
  loginButton,
  noisePng,
  registerWithEmail,
  signInWithPassword,
  uniqueEmail,
  userMenu,
} from './support/accounts.ts';
import { saveScreenshot } from './support/screenshots.ts';

test('profile: name and description, and an avatar upload with its progress', async ({
  browser,
}) => {
  const email = uniqueEmail();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await registerWithEmail(context, email, 'melon2024');
  const page = await context.newPage();
  await page.goto('/');
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page.getByRole('heading', { name: '个人中心', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '个人资料' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const name = `瓜友${String(Date.now()).slice(-8)}`;
  await page.getByLabel('昵称').fill('瓜');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('昵称需为 2–20 个字符');
  await page.getByLabel('昵称').fill(name);
  await page.getByLabel('个人简介').fill('爱看美食和旅行视频');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(userMenu(page)).toContainText(name);
  // The name may change once in 30 days: the field is locked now, and says until when.
  await expect(page.getByLabel('昵称')).toBeDisabled();
  await expect(
    page.getByText(/昵称每 30 天可修改一次，\d{4}-\d{2}-\d{2} 后可再次修改/),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('个人简介')).toHaveValue('爱看美食和旅行视频');

  // Not an image: refused in the page.
  const picker = page.locator('input[type="file"]');
  await picker.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(page.getByRole('alert')).toHaveText('请选择 JPG、PNG、WebP、GIF 或 AVIF 图片');

  // An image of about 1 MB over a slowed uplink: the bar moves before it completes.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 600 * 1024,
  });
  const avatarBefore = await userMenu(page)
    .locator('img, span')
    .first()
    .evaluate((node) => node.outerHTML);
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: noisePng(580, 580) });
  await expect(page.getByRole('progressbar', { name: '头像上传进度' })).toBeVisible();
  await saveScreenshot(page, 'user-center-uploading');
  await expect(page.getByText('头像已更新')).toBeVisible({ timeout: 15_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: number[] }).progressSeen,
  );
  expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
  await expect(userMenu(page).locator('img')).toHaveAttribute('src', /.+/);
  expect(
    await userMenu(page)
      .locator('img, span')
      .first()
      .evaluate((node) => node.outerHTML),
  ).not.toBe(avatarBefore);
  await saveScreenshot(page, 'user-center-profile');
  await context.close();
});

test('devices: the current one is marked, another is signed out with 下线', async ({ browser }) => {
  const email = uniqueEmail();
  const here = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await registerWithEmail(here, email, 'melon2024');
  // This browser signs in behind the open page's back: opening the dialog finds out (SPEC §4).
  const elsewhere = await browser.newContext();
  const stale = await elsewhere.newPage();
  await recordText(stale, '正在登录，自动登录成功');
  await stale.goto('/');
  await signInWithPassword(elsewhere, email, 'melon2024');
  await loginButton(stale).click();
  await expect(userMenu(stale)).toBeVisible();
  expect(await textWasShown(stale, '正在登录，自动登录成功')).toBe(true);

  const page = await here.newPage();
  await page.goto('/user-center/devices');
  const devices = page.getByRole('listitem').filter({ hasText: '登录时间' });
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: '当前设备' })).toHaveCount(1);
  await saveScreenshot(page, 'user-center-devices');
  await devices.filter({ hasNotText: '当前设备' }).getByRole('button', { name: /^下线/ }).click();
  await expect(page.getByText('已下线该设备')).toBeVisible();
  await expect(devices).toHaveCount(1);

  await stale.reload();
  await expect(loginButton(stale)).toBeVisible();
  await here.close();
  await elsewhere.close();
});

test('a 401 outside the dialog leads to the sign-on page, which comes back to the page', async ({
  browser,
}) => {
  const email = uniqueEmail();
  const here = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await registerWithEmail(here, email, 'melon2024');
  const page = await here.newPage();
  await page.goto('/user-center/profile');
  await expect(page.getByLabel('个人简介')).toBeVisible();

  // Another device signs this one out (下线 in its device list) while the page is open.
  const elsewhere = await browser.newContext();
  await signInWithPassword(elsewhere, email, 'melon2024');
  const listed = await elsewhere.request.get('/passport/web/sessions/');
  const { list } = ((await listed.json()) as { data: SessionList }).data;
  const mine = list.find((session) => !session.current);
  expect(mine).toBeDefined();
  const revoked = await elsewhere.request.post('/passport/web/sessions/revoke/', {
    headers: await csrfHeaders(elsewhere.request),
    data: { session_id: mine?.session_id },
  });
  expect(revoked.status()).toBe(200);

  // Saving is refused with 401: the page goes to single sign-on with itself as the service.
  await page.getByLabel('个人简介').fill('换了设备也能改');
  await page.getByRole('button', { name: '保存' }).click();
  const service = new URL('/user-center/profile', page.url()).href;
  await expect(page).toHaveURL(`/passport/login?service=${encodeURIComponent(service)}`);

  await page.getByPlaceholder('请输入手机号/邮箱/用户名').fill(email);
  await page.getByPlaceholder('请输入密码').fill('melon2024');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(service);
  await expect(userMenu(page)).toBeVisible();
  // The refused save changed nothing.
  await expect(page.getByLabel('个人简介')).toHaveValue('');
  await here.close();
  await elsewhere.close();
});

/**
 * The auto-login toast lives 50 ms before the page reloads (SPEC §4): a watcher in the page
 * notes it in sessionStorage, which the reload keeps.
 */
async function recordText(page: Page, text: string): Promise<void> {
  await page.addInitScript((wanted) => {
    new MutationObserver(() => {
      if (document.documentElement.textContent.includes(wanted))
        sessionStorage.setItem(`seen:${wanted}`, '1');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}

async function textWasShown(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => sessionStorage.getItem(`seen:${wanted}`) === '1', text);
}
