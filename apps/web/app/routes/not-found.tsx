import { NotFoundPage } from '~/features/errors/components/NotFoundPage.tsx';
import { notFound } from '~/lib/not-found.ts';

/** Any other path: the 404 page with HTTP status 404. */
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return <NotFoundPage />;
}
