import type { CallArgs, CallDeclaration, CallOutput } from '@melon/shared/calls/call';
import { createClient } from '@melon/shared/client/client';
import { RequestFailedError, ServerError } from '@melon/shared/client/errors';
import { browserClient } from '~/lib/browser-client.ts';

/**
 * A search call from the browser (SPEC §8): the main host first, and when it fails (no answer,
 * or a 5xx) the separate search host of siteConfig.searchConfig.switchHost, if one is set.
 */
export async function callSearchHost<D extends CallDeclaration>(
  switchHost: string,
  declaration: D,
  ...args: CallArgs<D>
): Promise<CallOutput<D>> {
  try {
    return await browserClient().call(declaration, ...args);
  } catch (error) {
    const failed = error instanceof RequestFailedError || error instanceof ServerError;
    if (!failed || !switchHost) throw error;
    const fallback = createClient({ transport: (request) => fetch(request), baseUrl: switchHost });
    return fallback.call(declaration, ...args);
  }
}

/** Words around the box fail silently to an empty list (SPEC §8). */
export async function quietly<T>(words: Promise<T[]>): Promise<T[]> {
  try {
    return await words;
  } catch {
    return [];
  }
}
