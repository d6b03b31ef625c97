import { randomBytes } from 'node:crypto';

/** Pages other sites may put in a frame: the embeddable player. */
const EMBEDDABLE = /^\/iframe\//;

/** The site's WebSocket origins, for browsers whose 'self' does not cover ws:/wss:. */
const gatewaySources = (host: string): string => ` ws://${host} wss://${host}`;

/** Whether other sites may frame the page at this path. */
export const isEmbeddable = (path: string): boolean => EMBEDDABLE.test(path);

/** A fresh nonce for one response's scripts: 128 random bits. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The Content-Security-Policy of a server-rendered page (decision 025). Scripts run only with
 * the response's nonce (React Router's and React's inline scripts, the modules they load, the
 * player's early start); 'strict-dynamic' lets those load the rest of the app. Styles may be
 * inline (React renders style attributes); media come from this site or its MediaSource blobs;
 * connections go to this site and its WebSocket gateway.
 */
export function pageSecurityPolicy(page: {
  nonce: string;
  /** The site's host (its origin's, decision 067), never a request's Host header. */
  host: string;
  path: string;
}): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${page.nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${gatewaySources(page.host)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${isEmbeddable(page.path) ? '*' : "'self'"}`,
  ].join('; ');
}

/**
 * Every rendered page and its data carry the visitor's anti-forgery token, and a signed-in
 * user's name: no cache may keep them or hand them to someone else.
 */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';
