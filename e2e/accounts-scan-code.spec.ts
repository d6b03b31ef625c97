import { expect, test, type Page } from './support/test.ts';
import type { QrCode } from '@melon/shared/contracts/passport';
import {
  loginButton,
  loginDialog,
  signInWithSms,
  uniqueMobile,
  userMenu,
} from './support/accounts.ts';
import { saveScreenshot } from './support/screenshots.ts';

/** Opens the scan-code page of the dialog; answers the code the server issued. */
async function showCode(page: Page): Promise<QrCode> {
  const issued = page.waitForResponse((response) =>
    response.url().includes('/passport/web/get_qrcode/'),
  );
  await loginDialog(page).getByRole('button', { name: '扫码登录' }).click();
  return ((await (await issued).json()) as { data: QrCode }).data;
}

test('scan-code login: a signed-in phone confirms the code the desktop shows', async ({
  browser,
}) => {
  const desktop = await browser.newContext();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const account = await signInWithSms(phone, uniqueMobile());
  const desk = await desktop.newPage();
  const hand = await phone.newPage();

  await desk.goto('/');
  await loginButton(desk).click();
  const dialog = loginDialog(desk);
  const first = await showCode(desk);
  await expect(dialog.getByText('待扫描')).toBeVisible();

  // The phone cancels: the code is spent, the desktop offers a new one.
  await hand.goto(first.qrcode_url);
  await expect(hand.getByText(`将以「${account.name}」的身份登录`)).toBeVisible();
  await expect(dialog.getByText('已扫描，请在手机上确认')).toBeVisible();
  await hand.getByRole('button', { name: '取消' }).click();
  await expect(hand.getByText('已取消本次登录')).toBeVisible();
  await expect(dialog.getByText('二维码已过期')).toBeVisible();
  const renewed = desk.waitForResponse((response) =>
    response.url().includes('/passport/web/get_qrcode/'),
  );
  await dialog.getByRole('button', { name: '点击刷新' }).click();
  const second = ((await (await renewed).json()) as { data: QrCode }).data;
  expect(second.token).not.toBe(first.token);
  await expect(dialog.getByText('待扫描')).toBeVisible();

  // The phone sees which browser asks, from where (the desktop is on this machine), and must
  // say it checked before it can confirm: the desktop is then signed in as the phone's account.
  await hand.goto(second.qrcode_url);
  const device = hand.getByRole('region', { name: '请求登录的设备' });
  await expect(device).toContainText(/浏览器\s*Chrome \d+/);
  await expect(device).toContainText(/系统\s*Linux/);
  await expect(device).toContainText(/位置\s*本地网络/);
  const confirm = hand.getByRole('button', { name: '确认登录' });
  await expect(confirm).toBeDisabled();
  await saveScreenshot(hand, 'scan-confirm-phone');
  await hand.getByRole('checkbox', { name: '我已核对，这是我本人正在登录的设备' }).check();
  await confirm.click();
  await expect(hand.getByText('已确认登录，请在电脑上继续')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(userMenu(desk)).toContainText(account.name);

  await desktop.close();
  await phone.close();
});

test('the scan page asks a signed-out phone to sign in first', async ({ page }) => {
  await page.goto('/passport/scan?token=abc');
  await expect(page.getByText('请先登录，再确认电脑端的扫码登录')).toBeVisible();
  await expect(page.getByPlaceholder('请输入手机号/邮箱/用户名')).toBeVisible();
});
