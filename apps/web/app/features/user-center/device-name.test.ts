import { describe, expect, it } from 'vitest';
import { deviceName, formatDate, formatDateTime } from './device-name.ts';

describe('deviceName', () => {
  it.each([
    {
      ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      name: 'Chrome · Linux',
    },
    {
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      name: 'Safari · iPhone',
    },
    {
      ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      name: 'Edge · Windows',
    },
    {
      ua: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/138.0 Electron/37.0 Safari/537.36',
      name: '甜瓜视频客户端 · Windows',
    },
    {
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:130.0) Gecko Firefox/130.0',
      name: 'Firefox · macOS',
    },
    { ua: 'curl/8.0', name: '未知设备' },
    { ua: '', name: '未知设备' },
  ])('$name', ({ ua, name }) => {
    expect(deviceName(ua)).toBe(name);
  });
});

describe('formatDateTime', () => {
  it('writes Beijing time', () => {
    expect(formatDateTime(Date.UTC(2025, 0, 31, 16, 5))).toBe('2025-02-01 00:05');
    expect(formatDate(Date.UTC(2025, 0, 31, 15, 59))).toBe('2025-01-31');
  });
});
