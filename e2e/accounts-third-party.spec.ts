import { expect, test, type Browser, type Page } from './support/test.ts';
import {
  codeFor,
  collectErrors,
  loginButton,
  loginDialog,
  userMenu,
  waitForCodeInterval,
} from './support/accounts.ts';
import { E2E_OIDC_ACCOUNTS } from './support/oidc-settings.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';

/*
 * Third-party sign-in through the local OpenID Connect provider that playwright.config.ts starts
 * as Melon's 'douyin' platform (e2e/support/oidc-provider.ts): its login page has one field,
 * 账号, naming one of the accounts of e2e/support/oidc-settings.ts.
 */

/** From the dialog's 抖音 button through the provider's login page, back to Melon. */
async function signInWithDouyin(page: Page, account: string): Promise<void> {
  const melon = new URL(page.url()).origin;
  await loginButton(page).click();
  const douyin = loginDialog(page).getByRole('link', { name: '使用抖音登录' });
  await expect(douyin).toHaveAttribute(
    'href',
    /^\/passport\/auth\/login\/\?platform=douyin&service=/,
  );
  await douyin.click();
  await page.getByLabel('账号').fill(account);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.origin === melon);
}

/** The number a Douyin account's verified phone claim carries, as Melon stores it. */
const mobileOf = (account: keyof typeof E2E_OIDC_ACCOUNTS): string =>
  (E2E_OIDC_ACCOUNTS[account] as { phoneNumber?: string }).phoneNumber?.replace('+86', '') ?? '';

/**
 * The SMS check a Douyin account meets when its phone number has a Melon account: the page
 * names the platform account and the masked number; the code sent to it binds and goes on.
 */
async function passPhoneCheck(page: Page, mobile: string): Promise<void> {
  await expect(page).toHaveURL(/\/passport\/bind-verify$/);
  await expect(page.getByRole('heading', { name: '验证手机号' })).toBeVisible();
  await expect(
    page.getByText(`手机号：${mobile.slice(0, 3)}****${mobile.slice(-4)}`),
  ).toBeVisible();
  await waitForHydration(page);
  await waitForCodeInterval(mobile);
  const asked = Date.now();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await codeFor('sms', mobile, 'login', asked));
  await saveScreenshot(page, 'bind-verify');
  await page.getByRole('button', { name: '验证并登录' }).click();
}

/** A fresh browser signing in as `account` from the home page. */
async function freshSignIn(browser: Browser, account: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await signInWithDouyin(page, account);
  return { context, page };
}

test('signing in with Douyin comes back to the page it started from', async ({ page }) => {
  await page.goto('/channel/meishi');
  await signInWithDouyin(page, 'douyin-new');
  await expect(page).toHaveURL(/\/channel\/meishi$/);
  await expect(userMenu(page)).toBeVisible();
});

test('cancelling at Douyin lands on the sign-on page, saying so, signed out', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/channel/meishi');
  await loginButton(page).click();
  await loginDialog(page).getByRole('link', { name: '使用抖音登录' }).click();
  await page.getByRole('button', { name: '取消', exact: true }).click();

  await expect(page).toHaveURL(/\/passport\/login\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('service')).toBe('/channel/meishi');
  await expect(page.getByRole('alert')).toHaveText('你已取消授权，未登录');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expect(loginButton(page)).toBeVisible();
  await saveScreenshot(page, 'third-party-cancelled');
  // Signing in from here still goes back to where the attempt started.
  await page.getByRole('link', { name: '使用抖音登录' }).click();
  await page.getByLabel('账号').fill('douyin-new');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/channel\/meishi$/);
  await expect(userMenu(page)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a phone bound to another Douyin account meets the bind-conflict page', async ({
  browser,
}) => {
  // Each binding to the phone's account waits for a code, and a number gets one every 10 s here.
  test.setTimeout(90_000);
  const mobile = mobileOf('douyin-conflict-first');
  // The first Douyin account takes the phone's Melon account: a new one, or, on a second run,
  // the existing one after the SMS check (switching, had it been taken).
  const first = await freshSignIn(browser, 'douyin-conflict-first');
  const switchButton = (page: Page) => page.getByRole('button', { name: '切换绑定并登录' });
  if (new URL(first.page.url()).pathname === '/passport/bind-verify') {
    await passPhoneCheck(first.page, mobile);
  }
  await expect(userMenu(first.page).or(switchButton(first.page))).toBeVisible();
  if (await switchButton(first.page).isVisible()) {
    await waitForHydration(first.page);
    await switchButton(first.page).click();
  }
  await expect(userMenu(first.page)).toBeVisible();
  await first.context.close();

  // The second one, with the same phone: the code to the number first, then the three choices.
  const second = await freshSignIn(browser, 'douyin-conflict-second');
  await passPhoneCheck(second.page, mobile);
  await expect(second.page).toHaveURL(/\/passport\/bind-conflict$/);
  await expect(second.page.getByRole('heading', { name: '绑定冲突' })).toBeVisible();
  await expect(
    second.page.getByText('该手机号注册的账号已绑定其他抖音账号「抖音老号」'),
  ).toBeVisible();
  await expect(second.page.getByRole('button', { name: '解除绑定' })).toBeVisible();
  await expect(second.page.getByRole('button', { name: '返回登录' })).toBeVisible();
  await saveScreenshot(second.page, 'bind-conflict');
  // The page arrives server-rendered: its buttons act once it has hydrated.
  await waitForHydration(second.page);
  await switchButton(second.page).click();
  await expect(second.page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(userMenu(second.page)).toBeVisible();
  await second.context.close();

  // The first again: now the other way round; 解除绑定 removes the old binding, no sign-in.
  const again = await freshSignIn(browser, 'douyin-conflict-first');
  await passPhoneCheck(again.page, mobile);
  await expect(
    again.page.getByText('该手机号注册的账号已绑定其他抖音账号「抖音新号」'),
  ).toBeVisible();
  await waitForHydration(again.page);
  await again.page.getByRole('button', { name: '解除绑定' }).click();
  await expect(again.page.getByText('已解除原有绑定，请重新登录')).toBeVisible();
  await again.page.getByRole('button', { name: '返回登录' }).click();
  await expect(again.page.getByPlaceholder('请输入手机号/邮箱/用户名')).toBeVisible();
  await expect(loginButton(again.page)).toBeVisible();
  await again.context.close();
});
