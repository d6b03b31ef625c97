import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './settings.ts';

describe('native client package settings (MELON_APP_<PLATFORM>_URL, decision 056)', () => {
  it('offer no package by default', () => {
    expect(loadSettings({}).appPackages).toEqual([]);
  });

  it('read each platform given, in the platforms order, with its version if any', () => {
    const settings = loadSettings({
      MELON_APP_ANDROID_URL: 'https://dl.melon.example/melon-2.1.0.apk',
      MELON_APP_ANDROID_VERSION: '2.1.0',
      MELON_APP_WINDOWS_URL: 'https://dl.melon.example/MelonSetup.exe',
    });
    expect(settings.appPackages).toEqual([
      { platform: 'windows', url: 'https://dl.melon.example/MelonSetup.exe', version: null },
      {
        platform: 'android',
        url: 'https://dl.melon.example/melon-2.1.0.apk',
        version: '2.1.0',
      },
    ]);
  });

  it('refuse an address that is not https', () => {
    for (const url of ['http://dl.melon.example/a.dmg', 'javascript:alert(1)', 'not a url']) {
      expect(() => loadSettings({ MELON_APP_MACOS_URL: url })).toThrow(SettingsError);
    }
    expect(() => loadSettings({ MELON_APP_MACOS_URL: 'http://x.example/a.dmg' })).toThrow(
      'MELON_APP_MACOS_URL must start with https://',
    );
  });

  it('refuse a version without an address, or one that is not a short version', () => {
    expect(() => loadSettings({ MELON_APP_IOS_VERSION: '1.0' })).toThrow(
      'MELON_APP_IOS_VERSION needs MELON_APP_IOS_URL',
    );
    const url = { MELON_APP_LINUX_URL: 'https://dl.melon.example/melon.AppImage' };
    for (const version of ['1.0 beta', '<b>1</b>', 'v'.repeat(33)]) {
      expect(() => loadSettings({ ...url, MELON_APP_LINUX_VERSION: version })).toThrow(
        'MELON_APP_LINUX_VERSION must be 1 to 32 letters',
      );
    }
  });
});
