import { useSyncExternalStore } from 'react';
import {
  installPlatformOf,
  type InstallPlatform,
} from '~/features/download-app/install-platform.ts';

const unchanging = () => () => undefined;
const browserPlatform = () => installPlatformOf(navigator.userAgent, navigator.maxTouchPoints);

/**
 * The visitor's platform: the server's reading of the user agent in its render, the browser's
 * own after hydration (only the browser tells an iPad from a Mac, by its touch points).
 */
export function useInstallPlatform(serverPlatform: InstallPlatform): InstallPlatform {
  return useSyncExternalStore(unchanging, browserPlatform, () => serverPlatform);
}
