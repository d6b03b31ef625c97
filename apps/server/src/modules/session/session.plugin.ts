import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inTransaction } from '@melon/db/in-transaction';
import '../../http/session-user.ts';
import { hashSecret, newSecretToken } from '../../security/secret-token.ts';
import {
  deleteSession,
  findLiveSession,
  insertSession,
  touchSession,
} from './session.repository.ts';

/** The session cookie: an opaque token; the database keeps only its hash. */
export const SESSION_COOKIE = 'melon_session';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the user in on this browser: a new session replaces any current one (rotation). */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
    /** Signs this browser out. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Reads the session cookie of every request into `request.user`, and starts and ends sessions. */
export default fp(
  (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionIdHash', null);

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const now = Date.now();
      const idHash = hashSecret(token);
      const session = await findLiveSession(app.db, idHash, now);
      if (!session) return;
      request.user = { id: session.user_id, name: session.name, avatarUri: session.avatar_url };
      request.sessionIdHash = idHash;
      if (now - session.last_seen_at > TOUCH_INTERVAL_MS) await touchSession(app.db, idHash, now);
    });

    app.decorate(
      'startSession',
      async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
        const token = newSecretToken();
        const now = Date.now();
        const idHash = hashSecret(token);
        const previous = request.sessionIdHash;
        // The browser's old session ends only together with its new one starting.
        await inTransaction(app.db, async (trx) => {
          if (previous) await deleteSession(trx, previous);
          await insertSession(trx, {
            idHash,
            publicId: app.newId(),
            userId,
            now,
            expiresAt: now + SESSION_TTL_MS,
            userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
            ip: request.ip,
          });
        });
        request.sessionIdHash = idHash;
        reply.setCookie(SESSION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: SESSION_TTL_MS / 1000,
        });
      },
    );

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.sessionIdHash) await deleteSession(app.db, request.sessionIdHash);
      request.user = null;
      request.sessionIdHash = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'database'] },
);
