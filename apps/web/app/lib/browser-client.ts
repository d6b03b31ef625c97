import { createClient, type MelonClient } from '@melon/shared/client/client';

let client: MelonClient | undefined;

/** The API client of the browser (infinite scroll and other calls after hydration). */
export function browserClient(): MelonClient {
  client ??= createClient({ transport: (request) => fetch(request), baseUrl: location.origin });
  return client;
}
