import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './settings.ts';

const alipay = {
  MELON_ALIPAY_APP_ID: '2021000000000001',
  MELON_ALIPAY_PRIVATE_KEY: 'private',
  MELON_ALIPAY_PUBLIC_KEY: 'public',
};

describe('payment settings', () => {
  it('offer nothing to buy by default: no sandbox, no keys', () => {
    expect(loadSettings({}).pay).toEqual({
      sandbox: false,
      alipay: undefined,
      reconcileIntervalMinutes: 5,
    });
  });

  it('turn the sandbox on with MELON_PAY_SANDBOX=1 or the demo, never otherwise', () => {
    expect(loadSettings({ MELON_PAY_SANDBOX: '1' }).pay.sandbox).toBe(true);
    expect(loadSettings({ MELON_DEMO: '1' }).pay.sandbox).toBe(true);
    expect(loadSettings({ MELON_PAY_SANDBOX: '0', MELON_DEMO: '0' }).pay.sandbox).toBe(false);
  });

  it("read Alipay's live keys, with its gateway by default", () => {
    expect(loadSettings(alipay).pay.alipay).toEqual({
      appId: '2021000000000001',
      privateKey: 'private',
      alipayPublicKey: 'public',
      gateway: 'https://openapi.alipay.com/gateway.do',
    });
    expect(
      loadSettings({
        ...alipay,
        MELON_ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      }).pay.alipay?.gateway,
    ).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
  });

  it('refuse part of the Alipay keys, and a gateway that is not https', () => {
    expect(() => loadSettings({ MELON_ALIPAY_APP_ID: '1' })).toThrow(SettingsError);
    expect(() => loadSettings({ ...alipay, MELON_ALIPAY_GATEWAY: 'http://x.example' })).toThrow(
      SettingsError,
    );
  });
});
