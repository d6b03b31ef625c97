import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { listenForInstallPrompt } from '~/features/download-app/install-prompt.ts';
import { afterEarlyFirstFrame } from '~/features/player/boot/early-start.ts';

/** How long a video page waits for its first frame before it hydrates anyway. */
const HYDRATION_WAIT_MS = 1500;

performance.mark('melon:app');
// The browser offers the install once, often before /app is opened: keep it from the start.
listenForInstallPrompt(window);
afterEarlyFirstFrame(() => {
  performance.mark('melon:hydrate');
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, HYDRATION_WAIT_MS);
