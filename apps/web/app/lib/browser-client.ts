import type { UnauthorizedRule } from '@melon/shared/calls/call';
import { createClient, type MelonClient } from '@melon/shared/client/client';

/** The name of the meta tag the root layout renders the anti-forgery token into. */
export const CSRF_META_NAME = 'csrf-token';

/**
 * What the app plugs into the browser's client once it is mounted: the login prompt for a 401
 * (SPEC §6) and the captcha (SPEC §4), which answers the solution to send with the retry.
 */
export interface BrowserClientHooks {
  onUnauthorized?: (info: { path: string; rule: UnauthorizedRule }) => void;
  solveCaptcha?: (info: { path: string }) => Promise<string | null>;
}

let hooks: BrowserClientHooks = {};
let client: MelonClient | undefined;

/** The anti-forgery token of this page, as the server rendered it. */
export function csrfToken(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META_NAME}"]`);
  return meta?.content || undefined;
}

/** Sets the hooks; the returned function removes them again. */
export function setBrowserClientHooks(next: BrowserClientHooks): () => void {
  hooks = next;
  return () => {
    if (hooks === next) hooks = {};
  };
}

/** The API client of the browser (infinite scroll and other calls after hydration). */
export function browserClient(): MelonClient {
  client ??= createClient({
    transport: (request) => fetch(request),
    baseUrl: location.origin,
    getCsrfToken: csrfToken,
    hooks: {
      onUnauthorized: (info) => {
        hooks.onUnauthorized?.(info);
      },
      captcha: async (info) => (await hooks.solveCaptcha?.(info)) ?? null,
    },
  });
  return client;
}
