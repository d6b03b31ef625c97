import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { collectErrors, loginDialog } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signedInContext } from './support/social.ts';
import { mintVipCodes } from './support/melon-cli.ts';

/*
 * Membership pages (issue 15, decision 052): codes minted with `melon vip codes` against the
 * e2e site's database are redeemed on /vip-exchange (grouped as typed; a used and an unknown
 * code refused in Chinese), the expiry shows on /vip-center, and a plan bought through the
 * Alipay sandbox cashier comes back to 支付处理中 → 开通成功 with the later expiry. A visitor
 * sees the plans, and buying opens the login dialog.
 */

const membershipState = (page: Page) => page.getByTestId('membership-state');

async function redeem(page: Page, typed: string) {
  const field = page.getByLabel('兑换码');
  await field.fill('');
  await field.pressSequentially(typed);
  await page.getByRole('button', { name: '立即兑换' }).click();
}

test('a code redeems once and extends the membership; a plan is bought through the cashier', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const [code = '', second = ''] = mintVipCodes(2, 30);
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);

  await page.goto('/vip-center');
  await waitForHydration(page);
  await expect(membershipState(page)).toHaveText('未开通');
  await expect(page.getByText('还没有订单')).toBeVisible();

  await page.goto('/vip-exchange');
  await waitForHydration(page);
  await expect(membershipState(page)).toHaveText('未开通');
  // Typed in lower case without dashes, the field shows the printed form.
  await page.getByLabel('兑换码').pressSequentially(code.replaceAll('-', '').toLowerCase());
  await expect(page.getByLabel('兑换码')).toHaveValue(code);
  await saveScreenshot(page, 'vip-exchange');
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByRole('heading', { name: '兑换成功' })).toBeVisible();
  await expect(page.getByText('已为你增加 30 天会员')).toBeVisible();
  const until = (await membershipState(page).textContent()) ?? '';
  expect(until).toMatch(/^会员有效期至 \d{4}-\d{2}-\d{2}$/);
  await saveScreenshot(page, 'vip-exchange-success');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: '继续兑换' }).click();
  await redeem(page, code);
  await expect(page.getByRole('alert')).toHaveText('该兑换码已被使用');
  await redeem(page, second.slice(0, -1) + (second.endsWith('2') ? '3' : '2'));
  await expect(page.getByRole('alert')).toHaveText('兑换码无效');
  await redeem(page, 'ABCD-EFGH');
  await expect(page.getByRole('alert')).toHaveText('兑换码格式不正确，应为 16 位字母和数字');
  await saveScreenshot(page, 'vip-exchange-used');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/vip-center');
  await waitForHydration(page);
  await expect(membershipState(page)).toHaveText(until);
  await expect(page.getByRole('radio', { name: /季度会员/ })).toBeChecked();
  await saveScreenshot(page, 'vip-center', { fullPage: true });

  // 月度会员 through the Alipay sandbox's cashier.
  await page.getByText('月度会员').click();
  await page.getByText('支付宝', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '支付宝' })).toBeChecked();
  await page.getByRole('button', { name: '立即开通 ¥25' }).click();
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/vip-center\?.*order_id=\d+/);
  await expect(page.getByRole('heading', { name: '开通成功' })).toBeVisible();
  const after = (await page.locator('section[aria-live] p').first().textContent()) ?? '';
  expect(after).toMatch(/^会员有效期至 \d{4}-\d{2}-\d{2}$/);
  expect(after > until).toBe(true);
  await expect(membershipState(page)).toHaveText(after);
  await expect(page.locator('li[data-order-id]').first()).toContainText('已开通');
  await expect(page.locator('li[data-order-id]').first()).toContainText('月度会员');
  await saveScreenshot(page, 'vip-center-paid', { fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  await saveScreenshot(page, 'vip-center-phone', { fullPage: true });
  await page.goto('/vip-exchange');
  await waitForHydration(page);
  await saveScreenshot(page, 'vip-exchange-phone');
  // The refused redeems' 4xx answers are logged by the browser; nothing else may be.
  expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  await context.close();
});

test('a visitor sees the plans; buying and redeeming ask to sign in', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/vip-center');
  await waitForHydration(page);
  await expect(membershipState(page)).toHaveText('登录后查看会员状态');
  await expect(page.getByRole('radio', { name: /年度会员/ })).toBeAttached();
  await expect(page.getByText('订单记录')).toHaveCount(0);
  await saveScreenshot(page, 'vip-center-visitor');
  await page.getByRole('button', { name: /立即开通/ }).click();
  await expect(loginDialog(page)).toBeVisible();
  await saveScreenshot(page, 'vip-center-visitor-login');

  await page.goto('/vip-exchange');
  await waitForHydration(page);
  await expect(loginDialog(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: '登录后即可兑换会员' })).toBeAttached();
  await context.close();
});
