/** Which install steps fit a browser: iOS (Safari's share sheet), Android, or a computer. */
export type InstallPlatform = 'ios' | 'android' | 'desktop';

/**
 * The platform of a user agent. iPadOS Safari says "Macintosh" like a Mac: a Mac with a touch
 * screen (maxTouchPoints above 1) is an iPad.
 */
export function installPlatformOf(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'desktop';
}

/** The guides in the order shown: the visitor's own platform first. */
export function guideOrder(own: InstallPlatform): InstallPlatform[] {
  const all: InstallPlatform[] = ['ios', 'android', 'desktop'];
  return [own, ...all.filter((platform) => platform !== own)];
}
