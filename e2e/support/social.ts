import type { APIRequestContext, Browser, BrowserContext, Locator } from '@playwright/test';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { contextOfItsOwn, registerWithEmail, uniqueEmail } from './accounts.ts';
import { waitForHydration } from './hydration.ts';
import { findPlayable } from './playable.ts';

/** The password of every account the social journeys register. */
export const SOCIAL_PASSWORD = 'melon2024';

/** A new 1440 × 900 browser context, signed in as a newly registered account. */
export async function signedInContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await registerWithEmail(context, uniqueEmail(), SOCIAL_PASSWORD);
  return context;
}

/**
 * Registers an account in a context of its own (closed after, so the journey's context stays a
 * visitor's) and answers its email, to sign in with from a login prompt.
 */
export async function registeredEmail(browser: Browser): Promise<string> {
  const email = uniqueEmail();
  const registered = await browser.newContext();
  await registerWithEmail(registered, email, SOCIAL_PASSWORD);
  await registered.close();
  return email;
}

/**
 * A visitor's new browser context on the page of a playable video, hydrated; from an address
 * of its own, as it signs in through the page's prompt.
 */
export async function visitorOnVideo(browser: Browser) {
  const context = await contextOfItsOwn(browser);
  const page = await context.newPage();
  const video = await findPlayable(context.request, { minRenditions: 1, minSeconds: 1 });
  await page.goto(`/${video.item_id}`);
  await waitForHydration(page);
  return { context, page, video };
}

/** Signs in with the password form of an open login prompt, as an account `registeredEmail` made. */
export async function signInFromPrompt(dialog: Locator, email: string): Promise<void> {
  await dialog.getByPlaceholder('请输入手机号/邮箱/用户名').fill(email);
  await dialog.getByPlaceholder('请输入密码').fill(SOCIAL_PASSWORD);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
}

/** The video's details as the given browser context sees them (its like, favourite, follow flags). */
export async function detailsOf(request: APIRequestContext, itemId: string): Promise<VideoDetails> {
  const answer = await request.get(`${getVideoDetails.path}?group_id=${itemId}`);
  return ((await answer.json()) as { data: VideoDetails }).data;
}
