import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from './support/test.ts';
import { UPLOAD_CHUNK_BYTES } from '@melon/shared/contracts/publish';
import { collectErrors, loginDialog, signInWithSms, uniqueMobile } from './support/accounts.ts';
import { saveScreenshot } from './support/screenshots.ts';

const run = promisify(execFile);

/**
 * A 3-second clip of about 12 MB (noise keeps x264 from squeezing it), so the upload takes
 * three chunks and the connection can drop between two of them.
 */
async function makeClip(dir: string): Promise<string> {
  const file = path.join(dir, '海边的浪花.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=3'],
    ...['-vf', 'noise=alls=20:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-crf', '14', '-c:a', 'aac', '-b:a', '128k', file],
  ]);
  return file;
}

const uploadBar = (page: Page) => page.getByRole('progressbar', { name: '上传进度' });

test('signed out: the publish tab asks to log in with the publish prompt', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/user-center/publish');
  await expect(loginDialog(page)).toBeVisible();
  await expect(loginDialog(page)).toContainText('登录后即可发布作品');
  await context.close();
});

test('publish: the upload survives a dropped connection, then the video transcodes and plays', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'melon-e2e-publish-'));
  const clip = await makeClip(dir);
  const size = (await stat(clip)).size;
  expect(size).toBeGreaterThan(2 * UPLOAD_CHUNK_BYTES);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInWithSms(context, uniqueMobile());
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/user-center/publish');
  await expect(page.getByRole('link', { name: '发布视频' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('拖拽视频到此处上传')).toBeVisible();
  await saveScreenshot(page, 'publish-picker-1440');

  // The second chunk never arrives: the browser goes offline as it is sent.
  const offsets: number[] = [];
  await page.route('**/api/upload/video/**', async (route) => {
    const request = route.request();
    if (request.method() === 'PATCH') {
      offsets.push(Number(await request.headerValue('upload-offset')));
      if (offsets.length === 2) {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        return;
      }
    }
    await route.continue();
  });
  await page.locator('input[type="file"]').setInputFiles(clip);
  // Generous waits: the demo server may still be transcoding its own videos on two cores.
  await expect(page.getByRole('alert').filter({ hasText: '网络已断开' })).toBeVisible({
    timeout: 30_000,
  });
  const stoppedAt = Math.floor((UPLOAD_CHUNK_BYTES / size) * 100);
  await expect(uploadBar(page)).toHaveAttribute('aria-valuenow', String(stoppedAt));
  await expect(page.getByRole('button', { name: '发布' })).toBeDisabled();
  await saveScreenshot(page, 'publish-offline-1440');

  // Back online: it asks the server where it stopped and goes on from there, not from 0.
  await context.setOffline(false);
  await expect(uploadBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(page.getByText('上传完成', { exact: true })).toBeVisible();
  expect(offsets).toEqual([0, UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES, 2 * UPLOAD_CHUNK_BYTES]);

  await expect(page.getByLabel('标题')).toHaveValue('海边的浪花');
  await page.getByLabel('标题').fill('周末去海边看浪花');
  await page.getByLabel('简介').fill('用甜瓜发布的第一个视频');
  const tags = page.getByRole('textbox', { name: '标签' });
  await tags.fill('旅行');
  await tags.press('Enter');
  await tags.fill('海边');
  await tags.press('Enter');
  await expect(page.getByRole('button', { name: '删除标签 海边' })).toBeVisible();
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('alert')).toHaveText('请选择频道');
  await page.getByRole('combobox', { name: '频道' }).selectOption({ label: '生活' });
  await saveScreenshot(page, 'publish-form-1440', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'publish-form-390', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('progressbar', { name: '处理进度' })).toBeVisible();
  await saveScreenshot(page, 'publish-transcoding-1440');
  await expect(page.getByRole('heading', { name: '处理完成，视频已发布' })).toBeVisible({
    timeout: 180_000,
  });
  await expect(page.getByRole('progressbar', { name: '处理进度' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await saveScreenshot(page, 'publish-ready-1440');

  await page.getByRole('link', { name: '去看看' }).click();
  await expect(page).toHaveURL(/\/[1-9][0-9]{18}$/);
  await expect(page.getByRole('heading', { name: '周末去海边看浪花' })).toBeVisible();
  const video = page.locator('video').first();
  await expect(video).toBeVisible();
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0);
  await saveScreenshot(page, 'publish-watch-1440');
  // The dropped chunk is logged by the browser; nothing else may be.
  expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  await context.close();
  await rm(dir, { recursive: true, force: true });
});

test('a reload keeps an unfinished upload: picking the same file goes on where it stopped', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'melon-e2e-publish-'));
  const clip = await makeClip(dir);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInWithSms(context, uniqueMobile());
  const page = await context.newPage();
  await page.goto('/user-center/publish');

  // After the first chunk every PATCH fails: the upload cannot get further.
  const offsets: number[] = [];
  let patches = 0;
  let blocked = false;
  await page.route('**/api/upload/video/**', async (route) => {
    const request = route.request();
    if (request.method() === 'PATCH') {
      offsets.push(Number(await request.headerValue('upload-offset')));
      patches += 1;
      if (patches === 2) blocked = true;
      if (blocked) {
        await route.abort('connectionreset');
        return;
      }
    }
    await route.continue();
  });
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect(page.getByText('连接中断，正在重试…')).toBeVisible({ timeout: 30_000 });

  await page.reload();
  await expect(page.getByRole('heading', { name: '有未完成的上传' })).toBeVisible();
  await expect(page.getByText(/^海边的浪花\.mp4（\d+(\.\d)? MB）$/)).toBeVisible();
  await saveScreenshot(page, 'publish-pending-1440');

  blocked = false;
  offsets.length = 0;
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect(uploadBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  // The first byte sent after the reload is the first one the server did not have.
  expect(offsets).toEqual([UPLOAD_CHUNK_BYTES, 2 * UPLOAD_CHUNK_BYTES]);
  await context.close();
  await rm(dir, { recursive: true, force: true });
});
