import type { onRequestHookHandler } from 'fastify';
import { loginRequired } from '../../http/api-error.ts';

/** Refuses a visitor before the body is read: an upload from nobody is not even received. */
export const signedInOnly: onRequestHookHandler = (request, _reply, done) => {
  done(request.user ? undefined : loginRequired());
};
