import { describe, expect, it, vi } from 'vitest';
import {
  installOffer,
  listenForInstallPrompt,
  promptInstall,
  subscribeInstallOffer,
} from './install-prompt.ts';

/** An event shaped as Chromium's BeforeInstallPromptEvent, answering `outcome`. */
function offerEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('the install offer', () => {
  const target = new EventTarget();
  listenForInstallPrompt(target);

  it('is kept when the browser makes it (its banner held back), and good for one prompt', async () => {
    const changes = vi.fn();
    const unsubscribe = subscribeInstallOffer(changes);
    expect(installOffer()).toBe('none');
    expect(await promptInstall()).toBe('failed');

    const { event, prompt } = offerEvent('dismissed');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installOffer()).toBe('offered');
    expect(changes).toHaveBeenCalledTimes(1);

    expect(await promptInstall()).toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(installOffer()).toBe('none');
    expect(await promptInstall()).toBe('failed');
    unsubscribe();
  });

  it('ends as installed once the browser says so', async () => {
    target.dispatchEvent(offerEvent('accepted').event);
    expect(await promptInstall()).toBe('accepted');
    target.dispatchEvent(new Event('appinstalled'));
    expect(installOffer()).toBe('installed');
  });
});
