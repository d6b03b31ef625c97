import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { RenderRequest } from '@melon/shared/client/transport';
import { transportContext } from '../app/lib/transport-context.ts';

const handle = createRequestHandler(
  () => import('virtual:react-router/server-build'),
  process.env.NODE_ENV === 'development' ? 'development' : 'production',
);

/** Server-side rendering of one request; `transport` lets loaders call the API in-process. */
export const renderRequest: RenderRequest = (request, transport) => {
  const context = new RouterContextProvider();
  context.set(transportContext, transport);
  return handle(request, context);
};
