import { createClient, type MelonClient } from '@melon/shared/client/client';
import { csrfToken } from './browser-client.ts';

let client: MelonClient | undefined;

/**
 * A client whose requests outlive the page (fetch `keepalive`), for reports sent as the page is
 * hidden or left. Unlike `navigator.sendBeacon`, such a request carries the anti-forgery header
 * every write needs. No hooks: nothing may prompt or redirect from a page going away.
 */
export function keepaliveClient(): MelonClient {
  client ??= createClient({
    transport: (request) => fetch(request, { keepalive: true }),
    baseUrl: location.origin,
    getCsrfToken: csrfToken,
  });
  return client;
}
