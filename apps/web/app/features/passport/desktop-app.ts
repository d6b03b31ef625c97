/** The desktop client (Electron) says so in its user agent; third-party login is hidden there. */
export const isDesktopApp = (userAgent: string | null | undefined): boolean =>
  /Electron|MelonDesktop/.test(userAgent ?? '');
