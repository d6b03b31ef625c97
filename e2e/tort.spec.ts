import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './support/test.ts';
import { currentSite } from './support/sites.ts';
import { seriousViolations } from './support/axe.ts';
import { collectErrors, loginDialog, noisePng } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { signedInContext } from './support/social.ts';
import { melon } from './support/melon-cli.ts';

/*
 * 侵权投诉 (decision 055) in a real Chromium against the e2e site: a rights holder opens the
 * form from a video's report dialog (the video already named), files a claim with a proof
 * picture and the declaration, gets its reference number and sees it listed as 待处理; the
 * operator accepts it with take-down through `melon tort decide`, the claimant sees 投诉成立
 * and 相关视频已下架, and the video's page is gone. A visitor is asked to sign in. The claimed
 * video is imported for the test, so the demo videos other journeys play stay up.
 */

const run = promisify(execFile);
const TITLE = '被搬运的纪录片片段';

/** A 2-second clip published with `melon import --wait`: its item id. */
async function importVideo(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'melon-e2e-tort-'));
  const clip = path.join(dir, 'clip.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', clip],
  ]);
  // The running site writes the same SQLite file meanwhile: the import waits its turn.
  const itemId = melon('import', clip, '--title', TITLE, '--wait').split('\n')[0] ?? '';
  await rm(dir, { recursive: true, force: true });
  expect(itemId).toMatch(/^[1-9][0-9]{15,25}$/);
  return itemId;
}

test('a visitor opening /tort is asked to sign in', async ({ page }) => {
  await page.goto('/tort');
  await waitForHydration(page);
  await expect(loginDialog(page)).toBeVisible();
  await expect(page.getByText('登录后才能提交侵权投诉')).toBeVisible();
});

test('file a claim from the report dialog; the operator takes the video down', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const itemId = await importVideo();
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);

  // The video page's 举报 dialog leads to the form with the video named.
  await page.goto(`/${itemId}`);
  await waitForHydration(page);
  await page
    .getByRole('region', { name: TITLE })
    .getByRole('button', { name: '举报', exact: true })
    .click();
  await page
    .getByRole('dialog', { name: '举报视频' })
    .getByRole('link', { name: '提交侵权投诉' })
    .click();
  await expect(page).toHaveURL(`/tort?group_id=${itemId}`);
  await expect(page.getByRole('heading', { name: '侵权投诉', level: 1 })).toBeVisible();
  await waitForHydration(page);
  const links = page.getByLabel('侵权视频链接');
  await expect(links).toHaveValue(itemId);
  await expect(page.getByText(TITLE)).toBeVisible();

  // A link to another site is refused line by line as soon as the box is left.
  await links.fill(`${itemId}\nhttps://other.example/v/1`);
  await links.blur();
  await expect(page.getByText('不是本站的视频链接')).toBeVisible();
  await links.fill(`${currentSite().origin}/${itemId}`);
  await links.blur();
  await expect(page.getByText(TITLE)).toBeVisible();

  await page.getByRole('radio', { name: '企业/机构' }).check();
  await page.getByLabel('权利人名称').fill('甜瓜纪录片工作室');
  await page.getByLabel('联系手机').fill('13800138000');
  await page.getByLabel('联系邮箱').fill('legal@tiangua.example');
  await page.getByRole('radio', { name: '著作权' }).check();
  await page
    .getByLabel('侵权描述')
    .fill('该视频完整搬运了我方享有著作权的纪录片第 1 集 00:00–00:02 的画面与配乐，未经授权。');
  await page.getByLabel('上传图片').setInputFiles({
    name: '作品登记证书.png',
    mimeType: 'image/png',
    buffer: noisePng(240, 160),
  });
  await expect(page.getByRole('img', { name: '证明材料 1' })).toBeVisible();
  await expect(page.getByText(/上传中/)).toBeHidden({ timeout: 15_000 });

  // Without the declaration nothing is sent; the error sits under the checkbox.
  await page.getByRole('button', { name: '提交投诉' }).click();
  const declaration = page.getByRole('checkbox', { name: /本人承诺/ });
  await expect(declaration).toBeFocused();
  await expect(declaration).toHaveAccessibleDescription('请确认并勾选真实性声明');
  expect(await seriousViolations(page)).toEqual([]);
  await declaration.check();
  // The server's refusal sits under the field it names, which takes the focus.
  const description = page.getByLabel('侵权描述');
  const written = await description.inputValue();
  await description.fill('搬运了我的视频');
  await page.getByRole('button', { name: '提交投诉' }).click();
  await expect(description).toBeFocused();
  await expect(description).toHaveAccessibleDescription('请详细描述侵权情况，至少 10 个字');
  await expect(page.getByRole('alert')).toHaveText('请先修正标出的内容');
  await description.fill(written);
  await expect(page.getByRole('alert')).toBeHidden();
  // Tall enough for the whole form: a full-page capture repeats the sticky header over it.
  await page.setViewportSize({ width: 1440, height: 1700 });
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await saveScreenshot(page, 'tort-form-1440');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: '提交投诉' }).click();

  const filed = page.getByTestId('tort-filed');
  await expect(filed.getByRole('heading', { name: '投诉已提交' })).toBeVisible();
  const reference = ((await filed.getByText(/^投诉编号：/).textContent()) ?? '').replace(
    '投诉编号：',
    '',
  );
  expect(reference).toMatch(/^[1-9][0-9]{15,25}$/);
  const claim = page.getByTestId(`tort-claim-${reference}`);
  await expect(claim.getByText('待处理')).toBeVisible();
  await expect(claim.getByRole('link', { name: TITLE })).toBeVisible();
  // The proof shows in the claim from its private address, which answers no one else.
  const thumbnail = claim.getByRole('img', { name: '证明材料 1' });
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  const proofUrl = (await thumbnail.getAttribute('src')) ?? '';
  expect(proofUrl).toMatch(/^\/api\/otherv2\/tort_proof\/[1-9][0-9]{15,25}$/);
  const stranger = await browser.newContext();
  expect((await stranger.request.get(proofUrl)).status()).toBe(404);
  await stranger.close();
  await saveScreenshot(page, 'tort-filed-1440');

  // The operator's queue lists it; accepted with take-down, the claimant sees it on reload.
  const queue = melon('tort', 'list');
  expect(queue).toContain(`${reference}  pending`);
  expect(queue).toMatch(/ {2}proof: media storage private\/tort-proofs\/[0-9]+\.webp \(private\)/);
  expect(
    melon('tort', 'decide', reference, '--accept', '--take-down', '--note', '经核实侵权成立'),
  ).toBe(`melon: claim ${reference} accepted; taken down: ${itemId}`);
  await page.reload();
  await waitForHydration(page);
  await expect(claim.getByText('投诉成立')).toBeVisible();
  await expect(claim.getByText('相关视频已下架')).toBeVisible();
  await expect(claim.getByText('处理说明：经核实侵权成立')).toBeVisible();
  await expect(claim.getByRole('link', { name: TITLE })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 1900 });
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await saveScreenshot(page, 'tort-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The refused submit's 400 is the one failed load the browser logs.
  expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  const gone = await page.goto(`/${itemId}`);
  expect(gone?.status()).toBe(404);
  await context.close();
});
