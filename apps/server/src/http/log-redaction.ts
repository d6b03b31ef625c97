import type { FastifyRequest } from 'fastify';

/** What a secret is replaced with in the logs. */
export const REDACTED = '[redacted]';

/**
 * Names of query parameters and path parameters whose values are secrets: the video refresh
 * token, the scan-code token, the OAuth code, state and tokens, passwords, captcha answers,
 * one-time codes, signatures of media URLs, session and anti-forgery tokens. Compared without
 * case.
 */
const SECRET_NAMES = new Set([
  'refreshtoken',
  'refresh_token',
  'access_token',
  'id_token',
  'token',
  'code',
  'state',
  'nonce',
  'password',
  'captcha',
  'ticket',
  'sig',
  'signature',
  'secret',
  'session',
  'csrf',
]);

const isSecretName = (name: string): boolean => SECRET_NAMES.has(name.toLowerCase());

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * The URL with the values of secret query parameters, and the path segments holding secret
 * route parameters (a media URL's signature), replaced by [redacted]; the rest is kept.
 */
export function redactUrl(url: string, params: unknown = {}): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const secretSegments = new Set(
    Object.entries(params !== null && typeof params === 'object' ? params : {})
      .filter(([name, value]) => isSecretName(name) && typeof value === 'string' && value !== '')
      .map(([, value]) => value as string),
  );
  const safePath =
    secretSegments.size === 0
      ? path
      : path
          .split('/')
          .map((segment) => (secretSegments.has(decoded(segment)) ? REDACTED : segment))
          .join('/');
  if (queryAt === -1) return safePath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return isSecretName(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/** Fastify's request summary in the logs, with the URL's secrets redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.params),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/**
 * Fields dropped from any logged object, should one ever be logged whole: cookies and the
 * authorization and anti-forgery headers, set cookies, and secret body fields.
 */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrf-token"]',
  'body.password',
  'body.code',
  'body.captcha',
  'body.refreshToken',
  'body.token',
  '*.password',
  '*.refreshToken',
  '*.captcha',
];

/** The server's logger settings: the level, where lines go, and redaction of secrets. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
}
