import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { documentTitle } from '~/features/layout/messages.ts';
import { errorMessages } from '~/features/errors/messages.ts';

/** The head of an error page: its title, and kept out of search engines. */
export function errorMeta(error: unknown): MetaDescriptor[] {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: documentTitle(missing ? errorMessages.notFoundTitle : errorMessages.errorTitle) },
    { name: 'robots', content: 'noindex' },
  ];
}
