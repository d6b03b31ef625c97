import { describe, expect, it } from 'vitest';
import { isDesktopApp } from './desktop-app.ts';

describe('isDesktopApp', () => {
  it.each([
    { ua: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', desktop: false },
    { ua: 'Mozilla/5.0 Chrome/140.0 Electron/38.0.0 Safari/537.36', desktop: true },
    { ua: 'Mozilla/5.0 MelonDesktop/1.0 Chrome/140.0', desktop: true },
    { ua: '', desktop: false },
    { ua: null, desktop: false },
  ])('$ua → $desktop', ({ ua, desktop }) => {
    expect(isDesktopApp(ua)).toBe(desktop);
  });
});
