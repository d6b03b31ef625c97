import { createRequestHandler, RouterContextProvider } from 'react-router';
import * as build from 'virtual:react-router/server-build';
import type { RenderRequest } from '@melon/shared/client/transport';
import { nonceRouterContext } from '../app/lib/csp-nonce.ts';
import { transportContext } from '../app/lib/transport-context.ts';
import { compressDocument } from './compress-document.ts';

/**
 * The build itself, not a function loading it: React Router derives its route tables from a
 * function's build anew on every request (its form for hot reloading), a twentieth of a data
 * request's CPU (decision 054); from the build, once.
 */
const handle = createRequestHandler(
  build,
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
