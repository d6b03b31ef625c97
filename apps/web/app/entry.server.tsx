import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { isCrawler } from '~/lib/crawler.ts';
import { NonceContext, nonceRouterContext } from '~/lib/csp-nonce.ts';

/** Rendering still pending after this is flushed as rejected boundaries. */
export const streamTimeout = 5_000;

/**
 * Streams the page: people get the shell as soon as it is ready, crawlers (and SPA-mode
 * renders) the whole document at once.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return Promise.resolve(
      new Response(null, { status: responseStatusCode, headers: responseHeaders }),
    );
  }

  // The server's Content-Security-Policy allows only scripts with this nonce (decision 025).
  const nonce = loadContext.get(nonceRouterContext);
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const readyOption: keyof RenderToPipeableStreamOptions =
      isCrawler(request.headers.get('user-agent')) || routerContext.isSpaMode
        ? 'onAllReady'
        : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
      abort();
    }, streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          status = 500;
          // Errors inside the shell are logged by React Router when the shell fails.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
