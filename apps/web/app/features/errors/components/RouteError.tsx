import { isRouteErrorResponse } from 'react-router';
import { ErrorPage } from './ErrorPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** What an error boundary shows: the 404 page for a 404, the error page otherwise. */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    return error.status === 404 ? <NotFoundPage /> : <ErrorPage status={error.status} />;
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage />;
}
