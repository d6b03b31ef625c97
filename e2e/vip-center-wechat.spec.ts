import { expect, test, type Page } from './support/test.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signedInContext } from './support/social.ts';
import { waitForHydration } from './support/hydration.ts';

/*
 * /vip-center with WeChat Pay (decisions 049, 052): Native pay has no cashier page, so the
 * order comes straight back to /vip-center with its code_url, drawn as a QR code while the
 * order is polled; the buyer's phone (the sandbox's scan page) pays, and the page turns to
 * 开通成功 with 继续观看 back to the video the buyer came from.
 */

const membershipState = (page: Page) => page.getByTestId('membership-state');

test('WeChat Pay: the code to scan, then 开通成功 and 继续观看 back to the video', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await signedInContext(browser);
  const video = await findPlayable(context.request, { minRenditions: 1, minSeconds: 1 });
  const page = await context.newPage();
  await page.goto(`/vip-center?from_gid=${video.item_id}`);
  await waitForHydration(page);
  await page.getByText('年度会员').click();
  await page.getByText('微信支付', { exact: true }).click();
  await page.getByRole('button', { name: '立即开通 ¥248' }).click();

  // Native pay: back on /vip-center at once, with the order's code to scan.
  await expect(page).toHaveURL(/\/vip-center\?.*code_url=/);
  await expect(page.getByRole('heading', { name: '支付处理中' })).toBeVisible();
  const code = page.getByRole('img', { name: '微信支付二维码' });
  await expect(code).toBeVisible();
  await expect(page.getByText('请使用微信扫一扫完成支付')).toBeVisible();
  await saveScreenshot(page, 'vip-center-wechat-qr');

  // The buyer's phone opens what the code holds and pays there.
  const phone = await context.newPage();
  await phone.goto((await code.getAttribute('data-code-url')) ?? '');
  await phone.getByRole('button', { name: '确认付款' }).click();
  await expect(phone.getByText('支付成功：¥248.00')).toBeVisible();

  await expect(page.getByRole('heading', { name: '开通成功' })).toBeVisible();
  await expect(membershipState(page)).toHaveText(/^会员有效期至 \d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('li[data-order-id]').first()).toContainText('微信支付');
  await page.getByRole('link', { name: '继续观看' }).click();
  await expect(page).toHaveURL(new RegExp(`/${video.item_id}$`));
  await context.close();
});
