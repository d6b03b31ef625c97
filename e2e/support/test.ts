import { test as base } from '@playwright/test';
import { currentSite } from './sites.ts';

/*
 * What every browser test imports instead of '@playwright/test': the same API, with each page,
 * context and request made against the site of the worker that runs the test (sites.ts).
 * Playwright sets the worker's parallel index before it loads a test file.
 */

export * from '@playwright/test';

export const test = base.extend({ baseURL: currentSite().origin });
