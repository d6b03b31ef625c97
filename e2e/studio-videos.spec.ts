import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './support/test.ts';
import { contextOfItsOwn, csrfHeaders, signInWithSms, uniqueMobile } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { saveScreenshot } from './support/screenshots.ts';

const run = promisify(execFile);

/*
 * 我的视频, editing and 数据中心 (decision 045): a creator publishes a clip, finds it in the
 * studio, changes its title and makes it 仅自己可见 (a visitor's link is then a 404), sets the
 * skip marks and a new cover, and opens its charts, drawn by ECharts beside their tables.
 */

test('a creator edits a video’s title and visibility and sees its charts', async ({ browser }) => {
  test.setTimeout(400_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'melon-e2e-studio-videos-'));
  const clip = path.join(dir, 'clip.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', clip],
  ]);
  const picture = path.join(dir, 'cover.png');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=800x600:rate=1'],
    ...['-frames:v', '1', picture],
  ]);
  const creator = await contextOfItsOwn(browser, { viewport: { width: 1440, height: 900 } });
  await signInWithSms(creator, uniqueMobile());
  const page = await creator.newPage();

  await page.goto('/user-center/publish');
  await waitForHydration(page);
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect(page.getByText('上传完成', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('标题').fill('工作室测试视频');
  await page.getByRole('combobox', { name: '频道' }).selectOption({ label: '生活' });
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByRole('heading', { name: '处理完成，视频已发布' })).toBeVisible({
    timeout: 180_000,
  });

  await page.goto('/user-center/creator/videos');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: '我的视频' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const row = page.getByTestId('studio-video').filter({ hasText: '工作室测试视频' });
  await expect(row.getByText('已发布')).toBeVisible();
  await expect(row.getByText('公开', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'studio-videos-1440');

  const editLink = row.getByRole('link', { name: '编辑：工作室测试视频' });
  const itemId = (await editLink.getAttribute('href'))?.split('/').at(-1) ?? '';
  // Three signed-in viewers play it, as the player reports: one stops at 1 s, one at 2 s, one
  // watches to the end (the 4 s clip): the charts have something to draw.
  for (const seconds of [1, 2, 4]) {
    const viewer = await contextOfItsOwn(browser);
    await signInWithSms(viewer, uniqueMobile());
    const headers = await csrfHeaders(viewer.request);
    const reports: [string, object][] = [
      ['/api/videov2/add_play', { item_id: itemId, played_ms: 3000 }],
      ['/api/videov2/add_watch_history', { content_id: itemId }],
      ['/api/videov2/set_watch_progress', { content_id: itemId, progress: seconds }],
    ];
    for (const [url, data] of reports) {
      expect((await viewer.request.post(url, { headers, data })).status(), url).toBe(200);
    }
    await viewer.close();
  }

  await editLink.click();
  await expect(page.getByRole('heading', { name: '编辑视频' })).toBeVisible();
  await waitForHydration(page);
  // A wrong mark is refused in Chinese before anything is sent.
  await page.getByLabel('片头结束').fill('9:99');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('请按 分:秒 填写，例如 1:30');
  await page.getByLabel('标题').fill('改过的标题');
  await page.getByLabel('片头结束').fill('0:01');
  await page.getByLabel('片尾开始').fill('0:03');
  await page.getByRole('radio', { name: '仅自己可见' }).check();
  // A new cover from a picture: the page shows it once uploaded.
  const oldCover = await page.getByRole('img', { name: '当前封面' }).getAttribute('src');
  await page.getByLabel('上传新封面').setInputFiles(picture);
  await expect(page.getByText('封面已更新')).toBeVisible();
  await expect(page.getByRole('img', { name: '当前封面' })).not.toHaveAttribute(
    'src',
    oldCover ?? '',
  );
  // A cover from a frame: the slider moved by keyboard, its storyboard thumbnail, 设为封面.
  const uploaded = await page.getByRole('img', { name: '当前封面' }).getAttribute('src');
  await page.getByLabel(/^画面时间/).press('End');
  await expect(page.getByRole('img', { name: /处的画面预览$/ })).toBeVisible();
  await page.getByRole('button', { name: '设为封面' }).click();
  await expect(page.getByRole('img', { name: '当前封面' })).not.toHaveAttribute(
    'src',
    uploaded ?? '',
  );
  await saveScreenshot(page, 'studio-edit-1440');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  await page.getByRole('link', { name: '返回我的视频' }).click();
  const edited = page.getByTestId('studio-video').filter({ hasText: '改过的标题' });
  await expect(edited.getByText('仅自己可见')).toBeVisible();

  // The author still opens it; a visitor's link is a 404.
  const details = await creator.request.get(`/api/videov2/details?item_id=${itemId}`);
  expect(await details.json()).toMatchObject({
    data: { title: '改过的标题', opening_ms: 1000, ending_ms: 3000 },
  });
  const visitor = await browser.newContext();
  const answer = await visitor.request.get(`/api/videov2/details?item_id=${itemId}`);
  expect(answer.status()).toBe(404);
  await visitor.close();

  await edited.getByRole('link', { name: '数据：改过的标题' }).click();
  await expect(page.getByRole('heading', { name: '改过的标题' })).toBeVisible();
  const plays = page.getByRole('img', { name: '近 30 天播放量' });
  await expect(plays).toHaveAttribute('data-drawn', 'true');
  await expect(plays.locator('canvas')).toBeVisible();
  await page.getByText('查看数据表').first().click();
  await expect(page.getByRole('table').first().locator('tbody tr')).toHaveCount(30);
  await expect(page.getByText('近 30 天共播放 3 次')).toBeVisible();
  await expect(page.getByText(/^3 位登录观众；五成观众看到 \d+%$/)).toBeVisible();
  await expect(page.getByRole('img', { name: '观众留存' }).locator('canvas')).toBeVisible();
  await saveScreenshot(page, 'studio-analytics-1440', { fullPage: true });

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(plays.locator('canvas')).toBeVisible();
  await saveScreenshot(page, 'studio-analytics-360', { fullPage: true });
  await page.goto('/user-center/creator/videos');
  await waitForHydration(page);
  await saveScreenshot(page, 'studio-videos-360', { fullPage: true });

  await creator.close();
  await rm(dir, { recursive: true, force: true });
});
