import { ApiError } from '@melon/shared/client/errors';
import { notFound } from '~/lib/not-found.ts';
import { signedOut } from '~/lib/signed-out.ts';

/**
 * A studio loader's catch for a video's call: null for a visitor (the page asks them to sign
 * in); another user's video (403) is the 404 page, as an unknown one.
 */
export function ownVideoOrNotFound(error: unknown): null {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) notFound();
  return signedOut(error);
}
