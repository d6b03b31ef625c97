import { describe, expect, it } from 'vitest';
import { scannableCodeUrl } from './code-url.ts';

const ORIGIN = 'https://melon.example';

describe('the code_url a return page draws', () => {
  it("takes WeChat Pay's own codes and this site's addresses", () => {
    expect(scannableCodeUrl('weixin://wxpay/bizpayurl?pr=p4lpSuKzz', ORIGIN)).toBe(
      'weixin://wxpay/bizpayurl?pr=p4lpSuKzz',
    );
    expect(scannableCodeUrl(`${ORIGIN}/pay-sandbox/wechat/scan?t=1`, ORIGIN)).toBe(
      `${ORIGIN}/pay-sandbox/wechat/scan?t=1`,
    );
  });

  it('refuses other hosts, other schemes and nothing', () => {
    expect(scannableCodeUrl('https://evil.example/pay', ORIGIN)).toBeNull();
    expect(scannableCodeUrl('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(scannableCodeUrl('weixin://wxpay/ with space', ORIGIN)).toBeNull();
    expect(scannableCodeUrl('alipays://platformapi', ORIGIN)).toBeNull();
    expect(scannableCodeUrl('/relative', ORIGIN)).toBeNull();
    expect(scannableCodeUrl(null, ORIGIN)).toBeNull();
  });
});
