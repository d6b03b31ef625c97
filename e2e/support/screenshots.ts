import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Where the browser suite leaves screenshots for a person to look at (git-ignored). */
const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Saves a screenshot of the page or element as e2e/screenshots/<name>.png, with CSS animations
 * and transitions run to their end (a dialog still fading in would look broken).
 */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  await target.screenshot({
    path: path.join(SCREENSHOTS, `${name}.png`),
    animations: 'disabled',
    ...options,
  });
}
