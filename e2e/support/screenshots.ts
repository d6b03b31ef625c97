import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Where the browser suite leaves screenshots for a person to look at (git-ignored). */
const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Saves a screenshot of the page or element as e2e/screenshots/<name>.png. */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  await target.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), ...options });
}
