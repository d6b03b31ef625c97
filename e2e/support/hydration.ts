import type { Page } from '@playwright/test';

/**
 * Waits until the page has hydrated (the `melon:hydrated` mark of root.tsx): before that the
 * server's markup is on screen, and a video may even be playing (decision 015), but a click on a
 * control does nothing.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('melon:hydrated').length > 0);
}
