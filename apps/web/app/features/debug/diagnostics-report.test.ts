import { describe, expect, it } from 'vitest';
import type { Diagnostics } from './diagnostics.ts';
import { reportSections, reportText } from './diagnostics-report.ts';

const found: Diagnostics = {
  checkedAt: Date.UTC(2026, 10, 26, 8, 30, 0),
  page: { address: 'https://melon.example/debug', build: 'a1b2c3d4' },
  browser: {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
    language: 'zh-CN',
    screen: '1920×1080 @1x',
    online: true,
    cookies: true,
  },
  media: {
    mediaSource: true,
    managedMediaSource: false,
    codecs: [
      { name: 'H.264', supported: true },
      { name: 'HEVC', supported: false },
    ],
  },
  serviceWorker: { supported: true, registrations: 0, controlled: false },
  storage: { usageBytes: 5 * 1024 ** 2, quotaBytes: 2048 * 1024 ** 2, persisted: false },
  clock: { skewMs: 2600, roundTripMs: 41.6 },
  socket: { error: '超时（5 秒）' },
  session: { signedIn: true, userId: '7001' },
};

describe('the diagnostics report', () => {
  it('says each finding in words, as the page shows it and the copy carries it', () => {
    const text = reportText(reportSections(found));
    expect(text).toMatch(/^诊断信息\n\n\[页面\]\n检测时间: 2026-11-26T\d\d:30:00[+-]\d\d:\d\d\n/);
    for (const line of [
      '地址: https://melon.example/debug',
      '构建版本: a1b2c3d4',
      'User-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
      'MediaSource: 支持',
      'ManagedMediaSource: 不支持',
      'H.264: 支持',
      'HEVC: 不支持',
      'Service Worker: 未注册',
      '本站占用: 5.0 MB / 可用 2048.0 MB',
      '时钟偏差: 本机慢 2.6 秒',
      '接口往返: 42 毫秒',
      'WebSocket /ws 往返: 超时（5 秒）',
      '已登录: 是',
      '用户 ID: 7001',
    ]) {
      expect(text).toContain(`\n${line}\n`);
    }
  });

  it('tells a fast clock, a small skew, failures and a visitor', () => {
    const text = reportText(
      reportSections({
        ...found,
        page: { ...found.page, build: null },
        serviceWorker: { supported: true, registrations: 2, controlled: true },
        storage: null,
        clock: { error: '连接失败' },
        socket: { roundTripMs: 7 },
        session: { signedIn: false, userId: null },
      }),
    );
    expect(text).toContain('\n构建版本: 未知\n');
    expect(text).toContain('\nService Worker: 已注册 2 个，控制本页\n');
    expect(text).toContain('\n本站占用: 未知\n');
    expect(text).toContain(
      '\n时钟偏差: 连接失败\n接口往返: 连接失败\nWebSocket /ws 往返: 7 毫秒\n',
    );
    expect(text).toContain('\n已登录: 否\n用户 ID: 无\n');
    const fast = reportText(
      reportSections({ ...found, clock: { skewMs: -61_000, roundTripMs: 5 } }),
    );
    expect(fast).toContain('\n时钟偏差: 本机快 61.0 秒\n');
    const near = reportText(reportSections({ ...found, clock: { skewMs: 300, roundTripMs: 5 } }));
    expect(near).toContain('\n时钟偏差: 正常（相差 0.3 秒）\n');
  });
});
