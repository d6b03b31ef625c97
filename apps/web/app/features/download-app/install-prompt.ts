/**
 * The browser's offer to install the site (Chromium's `beforeinstallprompt`), kept from the
 * moment it comes (usually on the first page, before /app is opened) until the download page's
 * button uses it (decision 056).
 */

/** Chromium's BeforeInstallPromptEvent (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** installed: installed during this visit; offered: the browser offers a one-click install. */
export type InstallOffer = 'installed' | 'offered' | 'none';

export type InstallOutcome = 'accepted' | 'dismissed' | 'failed';

let offer: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Starts keeping the browser's install offer; called once, before hydration. */
export function listenForInstallPrompt(target: EventTarget): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Offered from /app's button and the browser's own menu, not as a banner on every page.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    installed = true;
    changed();
  });
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function installOffer(): InstallOffer {
  if (installed) return 'installed';
  return offer ? 'offered' : 'none';
}

/** Shows the browser's install dialog; an offer is good for one prompt. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = offer;
  if (!event) return 'failed';
  offer = null;
  changed();
  try {
    await event.prompt();
    return (await event.userChoice).outcome;
  } catch {
    return 'failed';
  }
}
