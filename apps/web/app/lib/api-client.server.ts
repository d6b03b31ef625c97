import type { RouterContextProvider } from 'react-router';
import { createClient, type MelonClient } from '@melon/shared/client/client';
import { transportContext } from '~/lib/transport-context.ts';

/** The host is ignored by the in-process transport; it only makes the URLs absolute. */
const INTERNAL_BASE_URL = 'http://melon.internal';

/**
 * The API client of a loader: calls run in-process through the server's transport, without the
 * browser's time limit. An in-process call runs to its end anyway; under load a limit only
 * turned a slow page into a 500 (decision 042). nginx bounds the page's wait.
 * A loader that reads through a POST call (the cinema filter) passes the page's anti-forgery
 * token (`csrfToken` of global_config), as the browser would.
 */
export function serverClient(
  context: Readonly<RouterContextProvider>,
  csrfToken?: string,
): MelonClient {
  return createClient({
    transport: context.get(transportContext),
    baseUrl: INTERNAL_BASE_URL,
    timeoutMs: null,
    ...(csrfToken ? { getCsrfToken: () => csrfToken } : {}),
  });
}
