import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { fillPath, type CallDeclaration } from '@melon/shared/calls/call';
import { buildUrl } from '@melon/shared/client/encode';

export interface InjectCallOptions {
  /** The values of the path's `:name` parameters. */
  params?: Readonly<Record<string, string | number>>;
  /** The query fields; aid=1768 is added as the web app adds it. */
  query?: Readonly<Record<string, unknown>>;
  /** A JSON body, or any payload (a form, a multipart body) with its content-type header. */
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** The call's URL as the web app's client builds it: path, query, then aid=1768. */
export function callUrl(
  declaration: CallDeclaration,
  options: Pick<InjectCallOptions, 'params' | 'query'> = {},
): string {
  const path = fillPath(declaration.path, options.params ?? {});
  const url = new URL(buildUrl('http://localhost', path, options.query));
  return `${url.pathname}${url.search}`;
}

/** Injects a request to a declared call, with the declaration's method and path. */
export function injectCall(
  app: FastifyInstance,
  declaration: CallDeclaration,
  options: InjectCallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: declaration.method,
    url: callUrl(declaration, options),
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}
