import type { FastifyRequest } from 'fastify';
import { loginRequired } from './api-error.ts';

/** Who is signed in on a request: set by the session plugin (modules/session). */
export interface SessionUser {
  id: string;
  name: string;
  avatarUri: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    user: SessionUser | null;
    /** SHA-256 of the session token, when signed in. */
    sessionIdHash: string | null;
  }
}

/** The signed-in user of a request, or a 401 (SPEC §6) when there is none. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw loginRequired();
  return request.user;
}
