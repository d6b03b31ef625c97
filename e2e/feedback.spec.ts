import { expect, test } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { noisePng } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { melon } from './support/melon-cli.ts';

/*
 * 意见反馈 (decision 060) in a real Chromium against the e2e site: a visitor opens the dialog
 * from the fixed 反馈 button, picks 弹幕问题, writes, attaches a screenshot and leaves an email;
 * a too-short description is refused before anything is sent; the sent feedback is thanked
 * with the toast and the operator's `melon feedback list` shows it with its screenshot.
 */

test('a visitor sends feedback with a screenshot from the fixed button', async ({ page }) => {
  const words = `弹幕在全屏后不显示了 ${Date.now()}`;
  await page.goto('/');
  await waitForHydration(page);

  await page.getByRole('button', { name: '意见反馈' }).first().click();
  const dialog = page.getByRole('dialog', { name: '意见反馈' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: '弹幕问题' }).check();

  // Too short: refused on the page, nothing sent.
  await dialog.getByLabel('问题描述').fill('卡');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请描述你遇到的问题，至少 5 个字');

  await dialog.getByLabel('问题描述').fill(words);
  await dialog.getByLabel('添加截图').setInputFiles({
    name: 'screenshot.png',
    mimeType: 'image/png',
    buffer: noisePng(320, 200),
  });
  await expect(dialog.getByRole('img', { name: '截图 1' })).toBeVisible();
  await expect(dialog.getByText(/上传中/)).toBeHidden({ timeout: 15_000 });
  await dialog.getByLabel('联系方式（选填）').fill('fan@melon.test');
  await expect(dialog.getByRole('alert')).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'feedback-dialog-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'feedback-dialog-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('感谢你的反馈')).toBeVisible();
  await expect(dialog).toBeHidden();

  const listed = melon('feedback', 'list', '--category', 'danmaku');
  const lines = listed.split('\n');
  const at = lines.findIndex((line) => line === `  | ${words}`);
  expect(at, listed).toBeGreaterThan(0);
  const entry = lines.slice(Math.max(0, at - 4), at).join('\n');
  expect(entry).toMatch(/ {2}open {2}danmaku {2}sent /);
  expect(entry).toContain('contact: fan@melon.test');
  expect(entry).toMatch(
    /screenshot: media storage private\/feedback-images\/\d+\.webp \(private\)/,
  );
  expect(entry).toContain('version_code=2.11.0-1');
});

test('on a phone-sized video page 反馈 stays reachable; Escape closes the dialog and focus returns', async ({
  page,
  request,
}) => {
  const item = await findPlayable(request, { minRenditions: 1, minSeconds: 1 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${item.group_id}`);
  await waitForHydration(page);
  const button = page.getByRole('button', { name: '意见反馈' });
  await expect(button).toBeVisible();
  await saveScreenshot(page, 'feedback-video-390');
  await button.click();
  const dialog = page.getByRole('dialog', { name: '意见反馈' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
