import type { onSendAsyncHookHandler } from 'fastify';

/**
 * An onSend hook for files that are the same for everyone: a first visit's web_id cookie on
 * them would keep shared caches (a CDN in front of the site) from storing them.
 */
export const withoutCookies: onSendAsyncHookHandler = (_request, reply, payload) => {
  reply.removeHeader('set-cookie');
  return Promise.resolve(payload);
};
