import type { RouterContextProvider } from 'react-router';
import { createClient, type MelonClient } from '@melon/shared/client/client';
import { transportContext } from '~/lib/transport-context.ts';

/** The host is ignored by the in-process transport; it only makes the URLs absolute. */
const INTERNAL_BASE_URL = 'http://melon.internal';

/** The API client of a loader: calls run in-process through the server's transport. */
export function serverClient(context: Readonly<RouterContextProvider>): MelonClient {
  return createClient({ transport: context.get(transportContext), baseUrl: INTERNAL_BASE_URL });
}
