import { isbot } from 'isbot';

/**
 * Whether a request comes from a crawler (SPEC §6: Baidu, Google, Sogou, Bing, so.com/360,
 * Facebook, Shenma, and the other bots isbot knows). Crawlers get the whole page in the first
 * answer, with what people's browsers fetch after hydration (decision 038).
 */
export const isCrawler = (userAgent: string | null): boolean =>
  userAgent !== null && isbot(userAgent);
