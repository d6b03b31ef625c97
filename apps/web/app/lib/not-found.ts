import { data } from 'react-router';
import { ApiError } from '@melon/shared/client/errors';

/** Ends a loader with the 404 page and HTTP status 404. */
export function notFound(): never {
  // React Router answers a thrown data() with its status and the nearest ErrorBoundary.
  const answer: unknown = data(null, { status: 404 });
  throw answer;
}

/** Turns an API 404 into the 404 page; any other error is thrown on. */
export function rethrowNotFound(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) notFound();
  throw error;
}
