import { expect, test } from './support/test.ts';
import { createOrder, getOrderStatus } from '@melon/shared/calls/pay.calls';
import { csrfHeaders } from './support/accounts.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signedInContext } from './support/social.ts';

/*
 * WeChat Pay in the demo's sandbox (decision 049): an order made through WeChat Pay sends the
 * buyer to /vip-center with WeChat's code_url, drawn as a QR code; the code opened (the buyer's
 * phone scanning it) shows the 微信支付 cashier; 确认付款 pays, the sandbox posts its signed,
 * encrypted notify, and /vip-center, polling, shows 开通成功.
 */

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

test('a membership bought with WeChat Pay: QR on /vip-center, paid on the scan page', async ({
  browser,
}) => {
  const context = await signedInContext(browser);
  const headers = await csrfHeaders(context.request);
  const made = await context.request.get(
    `${createOrder.path}?product_id=vip_month&provider=wechat`,
    { headers },
  );
  const order = (await made.json()) as Envelope<{ order_id: string; pay_url: string }>;
  expect(order.code, order.message).toBe(200);
  const payUrl = new URL(order.data.pay_url);
  expect(payUrl.pathname).toBe('/vip-center');
  expect(payUrl.searchParams.get('order_id')).toBe(order.data.order_id);

  // The merchant's page: the code to scan, the order waiting.
  const merchant = await context.newPage();
  await merchant.goto(order.data.pay_url);
  const qr = merchant.getByRole('img', { name: '微信支付二维码' });
  await expect(qr).toBeVisible();
  await expect(merchant.getByText('请使用微信扫一扫完成支付')).toBeVisible();
  await saveScreenshot(merchant, 'wechat-vip-center-qr');
  const codeUrl = (await qr.getAttribute('data-code-url')) ?? '';
  expect(codeUrl).toBe(payUrl.searchParams.get('code_url'));

  // The buyer's phone, having scanned it.
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto(codeUrl);
  await expect(phone.getByRole('heading', { name: '收银台' })).toBeVisible();
  await expect(phone.getByText('微信支付 · 沙箱')).toBeVisible();
  await expect(phone.getByText('¥25.00')).toBeVisible();
  await expect(phone.getByText('月度会员')).toBeVisible();
  await saveScreenshot(phone, 'wechat-sandbox-scan-phone');
  await phone.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(phone, 'wechat-sandbox-scan');

  // 确认付款 has the focus: Enter pays.
  await expect(phone.getByRole('button', { name: '确认付款' })).toBeFocused();
  await phone.keyboard.press('Enter');
  await expect(phone.getByText('支付成功：¥25.00')).toBeVisible();

  const status = await context.request.get(
    `${getOrderStatus.path}?order_id=${order.data.order_id}`,
  );
  const answer = (await status.json()) as Envelope<{ state: string }>;
  expect(answer.data.state).toBe('granted');
  await expect(merchant.getByRole('heading', { name: '开通成功' })).toBeVisible();
  // The page reloads its data once the order settles: the membership card leaves 未开通.
  await expect(merchant.getByText('未开通')).toHaveCount(0);
  await saveScreenshot(merchant, 'wechat-vip-center-granted');
  await context.close();
});
