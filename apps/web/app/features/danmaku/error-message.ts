import { ApiError } from '@melon/shared/client/errors';

/**
 * What to tell the viewer about a failed danmaku call: null for a 401, after which nothing more
 * happens (SPEC §6), the server's own message (too frequent, too long…) when it sent one, else
 * `fallback`.
 */
export function danmakuErrorMessage(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.code === 401) return null;
    if (error.message && error.status < 500) return error.message;
  }
  return fallback;
}
