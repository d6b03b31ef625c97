import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { RenderRequest } from '@melon/shared/client/transport';
import { nonceRouterContext } from '../app/lib/csp-nonce.ts';
import { transportContext } from '../app/lib/transport-context.ts';
import { compressDocument } from './compress-document.ts';

const handle = createRequestHandler(
  () => import('virtual:react-router/server-build'),
  process.env.NODE_ENV === 'development' ? 'development' : 'production',
);

/**
 * Server-side rendering of one request; `transport` lets loaders call the API in-process, and
 * every script the page writes carries the response's nonce.
 */
export const renderRequest: RenderRequest = async (request, transport, { nonce }) => {
  const context = new RouterContextProvider();
  context.set(transportContext, transport);
  context.set(nonceRouterContext, nonce);
  return compressDocument(request, await handle(request, context));
};
