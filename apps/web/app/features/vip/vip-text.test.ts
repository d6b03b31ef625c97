import { describe, expect, it } from 'vitest';
import { formatPrice, membershipText, orderStateText, providerText } from './vip-text.ts';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('membership pages text', () => {
  it('prices in yuan, cents only when there are any', () => {
    expect(formatPrice(2500)).toBe('¥25');
    expect(formatPrice(990)).toBe('¥9.90');
    expect(formatPrice(24800)).toBe('¥248');
    expect(formatPrice(1)).toBe('¥0.01');
  });

  it('says the membership: valid until a China day, expired, never, or sign in', () => {
    expect(membershipText({ validity: 1, expires_at: at('2026-12-26T16:30:00Z') })).toBe(
      '会员有效期至 2026-12-27',
    );
    expect(membershipText({ validity: -1, expires_at: at('2026-01-02T09:00:00+08:00') })).toBe(
      '已过期（2026-01-02）',
    );
    expect(membershipText({ validity: 0, expires_at: 0 })).toBe('未开通');
    expect(membershipText(null)).toBe('登录后查看会员状态');
  });

  it('names order states and providers in Chinese', () => {
    expect(orderStateText('created', 'vip')).toBe('待支付');
    expect(orderStateText('granted', 'vip')).toBe('已开通');
    expect(orderStateText('granted', 'episode')).toBe('已购买');
    expect(orderStateText('refunded', 'episode')).toBe('已退款');
    expect(providerText('alipay')).toBe('支付宝');
    expect(providerText('wechat')).toBe('微信支付');
  });
});
