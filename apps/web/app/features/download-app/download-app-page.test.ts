import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AppPackage } from '@melon/shared/contracts/site-info';
import { DownloadAppPage } from './components/DownloadAppPage.tsx';
import type { InstallPlatform } from './install-platform.ts';

const site = {
  address: 'https://melon.example/',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

/** The page as the server renders it (the install state is known only in the browser). */
const render = (packages: AppPackage[], platform: InstallPlatform = 'desktop') =>
  renderToStaticMarkup(
    createElement(DownloadAppPage, { packages, site, platform, notify: () => undefined }),
  );

describe('DownloadAppPage', () => {
  it('promises no client packages when the operator offers none', () => {
    const html = render([]);
    expect(html).not.toContain('客户端安装包');
    expect(html).toContain('data-install-state="pending"');
    expect(html).toContain('电脑（Chrome / Edge）');
    expect(html).toContain('https://melon.example/');
  });

  it('lists the packages offered, each with its version when given', () => {
    const html = render([
      { platform: 'macos', url: 'https://dl.melon.example/Melon.dmg', version: '2.1.0' },
      { platform: 'android', url: 'https://dl.melon.example/melon.apk', version: null },
    ]);
    expect(html).toContain('客户端安装包');
    expect(html).toMatch(
      /macOS<\/span><span[^>]*>版本 2\.1\.0<\/span><a[^>]*href="https:\/\/dl\.melon\.example\/Melon\.dmg"/,
    );
    expect(html).toMatch(/Android<\/span><a[^>]*href="https:\/\/dl\.melon\.example\/melon\.apk"/); // Each 下载 link names its platform for a screen reader's list of links.
    expect(html).toContain('aria-label="下载 macOS 客户端"');
    expect(html).toContain('aria-label="下载 Android 客户端"');
  });

  it('on a phone: its own steps first and no code to scan', () => {
    const html = render([], 'android');
    expect(html.indexOf('Android（Chrome）')).toBeLessThan(html.indexOf('iPhone / iPad（Safari）'));
    expect(html).not.toContain('手机扫码打开');
  });
});
