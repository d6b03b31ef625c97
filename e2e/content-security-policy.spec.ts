import { expect, test, type Page, type Response } from './support/test.ts';
import { loginButton, loginDialog } from './support/accounts.ts';
import { waitForHydration } from './support/hydration.ts';
import { findPlayable } from './support/playable.ts';

/*
 * The Content-Security-Policy of the server-rendered pages (decision 025) in Chromium: the home
 * page, a video page (early start, playback, live danmaku) and the sign-in dialog work under it,
 * and the browser reports no violation on any of them.
 */

declare global {
  interface Window {
    /** Every `securitypolicyviolation` the page saw, from the first script on. */
    __cspViolations: string[];
  }
}

/** Violations as the document reports them, and the console's CSP errors. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => [...(await page.evaluate(() => window.__cspViolations)), ...consoleErrors];
}

/** The policy's script-src, checked to be nonce-based and fresh. */
function scriptSource(response: Response | null): string {
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
  expect(scriptSrc).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  return scriptSrc;
}

test('the home page runs under the policy with a fresh nonce each time', async ({ page }) => {
  const violations = await recordViolations(page);
  const first = scriptSource(await page.goto('/'));
  await waitForHydration(page);
  await expect(page.getByRole('navigation', { name: '频道' })).toBeVisible();
  expect(scriptSource(await page.reload())).not.toBe(first);
  await waitForHydration(page);
  expect(await violations()).toEqual([]);
});

test('a video page starts early, plays and takes live danmaku under the policy', async ({
  page,
  request,
}) => {
  const item = await findPlayable(request, { minRenditions: 1, minSeconds: 4 });
  const violations = await recordViolations(page);
  // Listened to from the start: the gateway may confirm before the page's load event.
  const subscribed = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"op":"subscribed"')) resolve();
      });
    });
  });
  scriptSource(await page.goto(`/${item.group_id}`));
  // The inline early-start script queued the <video>, the boot script (async, from <head>) ran it.
  await page.waitForFunction(() => performance.getEntriesByName('melon:shaka').length > 0);
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="player"] video');
    return video !== null && video.currentTime > 0.5;
  });
  await subscribed;
  expect(await violations()).toEqual([]);
});

test('the sign-in dialog opens and works under the policy', async ({ page }) => {
  const violations = await recordViolations(page);
  scriptSource(await page.goto('/'));
  await waitForHydration(page);
  await loginButton(page).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '验证码登录' }).click();
  await expect(dialog.getByPlaceholder('请输入手机号')).toBeVisible();
  expect(await violations()).toEqual([]);
});
