import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { RenderRequest } from '@melon/shared/client/transport';
import { transportContext } from '../app/lib/transport-context.ts';
import { compressDocument } from './compress-document.ts';

const handle = createRequestHandler(
  () => import('virtual:react-router/server-build'),
  process.env.NODE_ENV === 'development' ? 'development' : 'production',
);

/** Server-side rendering of one request; `transport` lets loaders call the API in-process. */
export const renderRequest: RenderRequest = async (request, transport) => {
  const context = new RouterContextProvider();
  context.set(transportContext, transport);
  return compressDocument(request, await handle(request, context));
};
