import { describe, expect, it } from 'vitest';
import { guideOrder, installPlatformOf } from './install-platform.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
};

describe('installPlatformOf', () => {
  it('tells iOS, Android and computers apart', () => {
    expect(installPlatformOf(UA.iphone, 5)).toBe('ios');
    expect(installPlatformOf(UA.android, 5)).toBe('android');
    expect(installPlatformOf(UA.windows, 0)).toBe('desktop');
  });

  it('takes a touch "Mac" for the iPad it is, and a Mac for a computer', () => {
    expect(installPlatformOf(UA.ipad, 5)).toBe('ios');
    expect(installPlatformOf(UA.ipad, 0)).toBe('desktop');
  });
});

describe('guideOrder', () => {
  it("puts the visitor's platform first, the others after in a fixed order", () => {
    expect(guideOrder('desktop')).toEqual(['desktop', 'ios', 'android']);
    expect(guideOrder('android')).toEqual(['android', 'ios', 'desktop']);
  });
});
