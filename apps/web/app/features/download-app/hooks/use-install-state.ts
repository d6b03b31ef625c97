import { useSyncExternalStore } from 'react';
import { installOffer, subscribeInstallOffer } from '~/features/download-app/install-prompt.ts';

/**
 * pending: not known yet (the server's render); standalone: running as the installed app;
 * installed: installed during this visit; offered: one-click install; manual: by the steps.
 */
export type InstallState = 'pending' | 'standalone' | 'installed' | 'offered' | 'manual';

const STANDALONE = '(display-mode: standalone)';

function isStandalone(): boolean {
  // iOS Safari does not match the display mode; it says navigator.standalone instead.
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios || matchMedia(STANDALONE).matches;
}

function subscribe(listener: () => void): () => void {
  const query = matchMedia(STANDALONE);
  query.addEventListener('change', listener);
  const unsubscribe = subscribeInstallOffer(listener);
  return () => {
    query.removeEventListener('change', listener);
    unsubscribe();
  };
}

function snapshot(): InstallState {
  if (isStandalone()) return 'standalone';
  const offer = installOffer();
  return offer === 'none' ? 'manual' : offer;
}

/** Whether and how this browser can install the site, kept current. */
export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, snapshot, () => 'pending');
}
