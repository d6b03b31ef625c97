import { describe, expect, it } from 'vitest';
import { loadSettings } from './settings.ts';

const live = {
  MELON_WECHAT_APP_ID: 'wxd678efh567hg6787',
  MELON_WECHAT_MCH_ID: '1230000109',
  MELON_WECHAT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nMII…\n-----END PRIVATE KEY-----',
  MELON_WECHAT_SERIAL_NO: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
  MELON_WECHAT_PLATFORM_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nMII…\n-----END PUBLIC KEY-----',
  MELON_WECHAT_PLATFORM_SERIAL: 'PUB_KEY_ID_0112345678901234567890',
  MELON_WECHAT_API_V3_KEY: 'a'.repeat(32),
};

describe('WeChat Pay settings', () => {
  it('have no live merchant unless the MELON_WECHAT_* keys are set', () => {
    expect(loadSettings({}).pay.wechat).toBeUndefined();
  });

  it('read all seven keys, with WeChat Pay API as the default base', () => {
    expect(loadSettings(live).pay.wechat).toEqual({
      appId: 'wxd678efh567hg6787',
      mchId: '1230000109',
      privateKey: live.MELON_WECHAT_PRIVATE_KEY,
      serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
      platformPublicKey: live.MELON_WECHAT_PLATFORM_PUBLIC_KEY,
      platformSerial: 'PUB_KEY_ID_0112345678901234567890',
      apiV3Key: 'a'.repeat(32),
      apiBase: 'https://api.mch.weixin.qq.com',
    });
    expect(
      loadSettings({ ...live, MELON_WECHAT_API_BASE: 'https://api2.mch.weixin.qq.com/' }).pay.wechat
        ?.apiBase,
    ).toBe('https://api2.mch.weixin.qq.com');
  });

  it.each([
    [{ ...live, MELON_WECHAT_SERIAL_NO: '' }, 'MELON_WECHAT_SERIAL_NO must be set with the other'],
    [{ MELON_WECHAT_API_V3_KEY: 'a'.repeat(32) }, 'MELON_WECHAT_APP_ID must be set with the other'],
    [
      { ...live, MELON_WECHAT_API_V3_KEY: 'short' },
      'MELON_WECHAT_API_V3_KEY must be the 32-character',
    ],
    [{ ...live, MELON_WECHAT_API_BASE: 'http://api.mch.weixin.qq.com' }, 'MELON_WECHAT_API_BASE'],
  ])('refuse an incomplete or wrong merchant (%#)', (env, message) => {
    expect(() => loadSettings(env)).toThrow(message);
  });
});
