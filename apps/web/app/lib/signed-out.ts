import { ApiError } from '@melon/shared/client/errors';

/**
 * A loader's catch on a page for signed-in users: null when the API answered 401 (a visitor,
 * whom the page asks to sign in); any other error is thrown on.
 */
export function signedOut(error: unknown): null {
  if (error instanceof ApiError && error.status === 401) return null;
  throw error;
}
