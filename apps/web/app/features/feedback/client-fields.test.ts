import { describe, expect, it } from 'vitest';
import { feedbackClientFields } from './client-fields.ts';

describe('feedbackClientFields', () => {
  const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0';
  const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';

  it('fills the SPEC fields from the page, the network where the browser tells it', () => {
    expect(
      feedbackClientFields({
        userAgent: desktop,
        language: 'zh-CN',
        href: 'https://melon.example/video/1',
        connection: { effectiveType: '4g' },
      }),
    ).toEqual({
      app_name: 'video_ixigua',
      aid: '1768',
      version_code: '2.11.0-1',
      language: 'zh-CN',
      device_type: 'pc',
      network_type: '4g',
      web_url: 'https://melon.example/video/1',
      web_ua: desktop,
    });
  });

  it('leaves the network out where the browser has no navigator.connection; a phone is mobile', () => {
    const fields = feedbackClientFields({ userAgent: phone, language: 'en', href: 'http://x/' });
    expect(fields).not.toHaveProperty('network_type');
    expect(fields.device_type).toBe('mobile');
  });

  it('keeps the address and User-Agent within what the server takes', () => {
    const fields = feedbackClientFields({
      userAgent: 'u'.repeat(600),
      language: 'zh',
      href: `http://x/${'p'.repeat(2000)}`,
    });
    expect(fields.web_ua).toHaveLength(512);
    expect(fields.web_url).toHaveLength(1024);
  });
});
