import { createIsbotFromList, list } from 'isbot';

/**
 * Lighthouse (and PageSpeed Insights, which runs it and says Chrome-Lighthouse too) is automated
 * but indexes nothing: it measures a page for the people who will open it, so it gets people's
 * page, not the crawlers' copy (decision 062).
 */
const PAGE_AUDITOR = 'chrome-lighthouse';

const isIndexingBot = createIsbotFromList(list.filter((pattern) => pattern !== PAGE_AUDITOR));

/**
 * Whether a request comes from a crawler (SPEC §6: Baidu, Google, Sogou, Bing, so.com/360,
 * Facebook, Shenma, and the other bots isbot knows but Lighthouse). Crawlers get the
 * whole page in the first answer, with what people's browsers fetch after hydration (decision
 * 038).
 */
export const isCrawler = (userAgent: string | null): boolean =>
  userAgent !== null && isIndexingBot(userAgent);
