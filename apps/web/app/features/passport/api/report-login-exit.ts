import type { MelonClient } from '@melon/shared/client/client';

/** POST /at/log/c: the login dialog was closed without signing in (SPEC §4 "reports an exit"). */
export function reportLoginExit(
  client: MelonClient,
  detail: { source: string; page: string },
): Promise<unknown> {
  return client.post<unknown>('/at/log/c', {
    r: true,
    d: [{ k: 'login_exit', v: JSON.stringify(detail) }],
  });
}
