/**
 * How the typed client reaches the server: `fetch` in the browser; during server-side rendering
 * the server hands in a transport that runs the request in-process.
 */
export type Transport = (request: Request) => Promise<Response>;

/** What the server hands a page's render besides the request. */
export interface RenderPage {
  /** This response's Content-Security-Policy nonce, for every script the page writes. */
  nonce: string;
}

/** The server-side rendering entry the web build exports for the server to call. */
export type RenderRequest = (
  request: Request,
  transport: Transport,
  page: RenderPage,
) => Promise<Response>;
