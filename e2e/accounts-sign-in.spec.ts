import { expect, test } from './support/test.ts';
import {
  codeFor,
  loginButton,
  loginDialog,
  uniqueEmail,
  uniqueMobile,
  userMenu,
} from './support/accounts.ts';

/*
 * Each sign-in method of the dialog end to end: SMS code (with the after-login callback and the
 * other tabs following), email registration, password reset ending the other sessions, and
 * password login on the sign-on page.
 */

test('SMS code login runs the guarded action, updates every tab, and logout undoes it', async ({
  context,
}) => {
  const page = await context.newPage();
  const other = await context.newPage();
  await other.goto('/channel/meishi');
  await expect(loginButton(other)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');

  // 我的收藏 needs a signed-in user: the prompt first, the page after.
  await page
    .getByRole('navigation', { name: '频道' })
    .getByRole('link', { name: '我的收藏' })
    .click();
  const dialog = loginDialog(page);
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('登录后即可查看我的收藏');
  await dialog.getByRole('button', { name: '验证码登录' }).click();
  const mobile = uniqueMobile();
  await dialog.getByPlaceholder('请输入手机号').fill(mobile);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '验证码已发送' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^\d+s后重新获取$/ })).toBeDisabled();
  await dialog.getByPlaceholder('请输入验证码').fill(await codeFor('sms', mobile, 'login'));
  await dialog.getByRole('button', { name: '登录', exact: true }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page).toHaveURL(/\/my\/favorite$/);
  await expect(userMenu(page)).toContainText('甜瓜用户');

  // The other tab, on another page type, follows by itself (SPEC §4 cross-tab).
  await expect(userMenu(other)).toBeVisible();

  await userMenu(page).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(loginButton(page)).toBeVisible();
  await expect(page.getByText('已退出登录')).toBeVisible();
  await expect(loginButton(other)).toBeVisible();
});

test('email registration signs the new account in', async ({ page }) => {
  await page.goto('/');
  await loginButton(page).click();
  const dialog = loginDialog(page);
  await dialog.getByRole('button', { name: '邮箱注册' }).click();
  const email = uniqueEmail();
  await dialog.getByPlaceholder('请输入邮箱').fill(email);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /^\d+s后重新获取$/ })).toBeVisible();
  await dialog.getByPlaceholder('请输入验证码').fill(await codeFor('email', email, 'register'));
  await dialog.getByPlaceholder('请设置密码（至少8位，含字母和数字）').fill('short1');
  await dialog.getByPlaceholder('请再次输入密码').fill('short1');
  await dialog.getByRole('button', { name: '注册', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('密码需为 8–64 位，且同时包含字母和数字');
  await dialog.getByPlaceholder('请设置密码（至少8位，含字母和数字）').fill('melon2024');
  await dialog.getByPlaceholder('请再次输入密码').fill('melon2024');
  await dialog.getByRole('button', { name: '注册', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('注册成功')).toBeVisible();
  await expect(userMenu(page)).toBeVisible();
});

test('mobile registration: an SMS code registers the number and signs it in', async ({ page }) => {
  await page.goto('/');
  await loginButton(page).click();
  const dialog = loginDialog(page);
  await dialog.getByRole('button', { name: '手机号注册' }).click();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('手机号注册');
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  const mobile = uniqueMobile();
  await dialog.getByPlaceholder('请输入手机号').fill(mobile);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '验证码已发送' })).toBeVisible();
  await dialog.getByPlaceholder('请输入验证码').fill(await codeFor('sms', mobile, 'register'));
  await dialog.getByRole('button', { name: '注册', exact: true }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('注册成功')).toBeVisible();
  await expect(userMenu(page)).toContainText('甜瓜用户');
  // The new account is this number's, and the session outlives a reload.
  const info = await page.request.get('/passport/web/account/info/');
  expect(await info.json()).toMatchObject({
    code: 200,
    data: { mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, has_password: false },
  });
  await page.reload();
  await expect(userMenu(page)).toBeVisible();
});
