import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { afterEarlyFirstFrame } from '~/features/player/boot/early-start.ts';

/** How long a video page waits for its first frame before it hydrates anyway. */
const HYDRATION_WAIT_MS = 1500;

performance.mark('melon:app');
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
