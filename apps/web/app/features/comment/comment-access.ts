import { ApiError, ServerError } from '@melon/shared/client/errors';
import { commentMessages as t } from './messages.ts';

/** The login prompts the comment area may ask for (SPEC §2 sources). */
export type CommentLoginSource = 'comment' | 'like';

/**
 * Runs `action` when signed in; otherwise opens the login prompt titled for `source` (SPEC §6)
 * and runs it once signed in. An action's promise keeps further calls of the source out until it
 * settles. The route hands in the passport's guard.
 */
export type CommentGuard = (source: CommentLoginSource, action: () => unknown) => void;

/** Shows a short message (the route hands in the toast). */
export type CommentNotify = (message: string) => void;

/**
 * What to tell the viewer about a failed call, or null when the login prompt (a 401) already
 * says it.
 */
export function failureText(error: unknown): string | null {
  if (error instanceof ApiError && !(error instanceof ServerError)) {
    if (error.code === 401) return null;
    if (error.message) return error.message;
  }
  return t.failed;
}
