import { describe, expect, it } from 'vitest';
import { isCrawler } from './crawler.ts';

/** SPEC §6's crawlers, as they announce themselves. */
const CRAWLERS = {
  baidu: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  google: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  sogou: 'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
  bing: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  so: 'Mozilla/5.0 (compatible; HaosouSpider; http://www.haosou.com/help/help_3_2.html)',
  '360':
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/50.0.2661.102 Safari/537.36; 360Spider',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  shenma:
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.81 YisouSpider/5.0 Safari/537.36',
};

describe('isCrawler', () => {
  it.each(Object.entries(CRAWLERS))('knows %s', (_name, userAgent) => {
    expect(isCrawler(userAgent)).toBe(true);
  });

  it('takes browsers and a missing header for people', () => {
    expect(
      isCrawler(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(isCrawler(null)).toBe(false);
  });

  it('takes Lighthouse (PageSpeed Insights too) for a person: it measures the page people get', () => {
    expect(
      isCrawler(
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      ),
    ).toBe(false);
    // Google's own inspection tool and crawlers stay crawlers.
    expect(
      isCrawler(
        'Mozilla/5.0 (compatible; Google-InspectionTool/1.0; +http://www.google.com/bot.html)',
      ),
    ).toBe(true);
  });
});
