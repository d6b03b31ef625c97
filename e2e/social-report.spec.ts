import { expect, test, type Page } from './support/test.ts';
import { collectErrors, loginDialog } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signedInContext } from './support/social.ts';

/*
 * Reporting a video in a real Chromium against the demo site (issue 12): a visitor's 举报 opens
 * the login prompt titled for report; a signed-in viewer picks a reason from get_report_reasons,
 * adds words, and is told the report was filed — and, the second time, that it already was.
 */

/** The video's own 举报, beside its counts (the comments below carry theirs). */
const reportButton = (page: Page, title: string) =>
  page.getByRole('region', { name: title }).getByRole('button', { name: '举报', exact: true });

test('a visitor pressing 举报 gets the login prompt titled for reporting', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const video = await findPlayable(context.request, { minRenditions: 1, minSeconds: 1 });
  await page.goto(`/${video.item_id}`);
  await waitForHydration(page);
  await reportButton(page, video.title).click();
  await expect(loginDialog(page)).toBeVisible();
  await expect(loginDialog(page).getByText('登录后即可举报')).toBeVisible();
  await context.close();
});

test('report a video from its page: reasons, words, filed once', async ({ browser }) => {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const video = await findPlayable(context.request, { minRenditions: 1, minSeconds: 1 });
  await page.goto(`/${video.item_id}`);
  await waitForHydration(page);

  await saveScreenshot(page.getByRole('region', { name: video.title }), 'social-report-entry');
  await reportButton(page, video.title).click();
  const dialog = page.getByRole('dialog', { name: '举报视频' });
  await expect(dialog).toBeVisible();
  // The reasons come from get_report_reasons.
  await expect(dialog.getByRole('radio')).toHaveCount(11);
  // Nothing chosen: the dialog says what is missing and sends nothing.
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请选择举报理由');
  // 其他 needs words.
  await dialog.getByRole('radio', { name: '其他' }).check();
  await expect(dialog.getByLabel('补充说明（必填）')).toBeVisible();
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('选择“其他”时请填写举报说明');

  await dialog.getByRole('radio', { name: '标题党、封面党' }).check();
  await expect(dialog.getByRole('alert')).toBeHidden();
  await dialog.getByLabel('补充说明（选填）').fill('封面和内容完全无关');
  await expect(dialog.getByText('9/200')).toBeVisible();
  await saveScreenshot(dialog, 'social-report-dialog');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByRole('status')).toHaveText('举报成功，感谢你的反馈，我们会尽快核实处理');
  await saveScreenshot(dialog, 'social-report-filed');
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(dialog).toBeHidden();

  // A second report of the same video is answered as already filed.
  await reportButton(page, video.title).click();
  await dialog.getByRole('radio', { name: '垃圾广告' }).check();
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByRole('status')).toHaveText('你已举报过该内容，我们正在处理中');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});
