import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inTransaction } from '@melon/db/in-transaction';
import type { SessionUser } from '../../http/session-user.ts';
import { siteCookieName, siteCookieOptions } from '../../http/site-cookies.ts';
import type { Unsubscribe } from '../../realtime/pubsub.ts';
import { hashSecret, newSecretToken } from '../../security/secret-token.ts';
import { createLiveSessionCache } from './live-session-cache.ts';
import {
  deleteSession,
  findLiveSession,
  insertSession,
  touchSession,
} from './session.repository.ts';

/**
 * The session cookie: an opaque token; the database keeps only its hash. On an https site it
 * goes by `__Host-melon_session` (`siteCookieName`, decision 067).
 */
export const SESSION_COOKIE = 'melon_session';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;
/**
 * A session read from the database is kept this long for the browser's next calls (decision
 * 072); a session ended anywhere is forgotten at once (`forgetSessions`), this is the bound when
 * the news is lost (Redis away).
 */
const KEEP_SESSION_MS = 5000;
const KEPT_SESSIONS = 10_000;
/**
 * The pub/sub topic on which ended sessions are announced, so every process forgets what it kept
 * of them: `s:<token hash>` for one session, `u:<user id>` for all of a user's.
 */
const SESSIONS_ENDED_TOPIC = 'sessions-ended';
/**
 * The header an in-process call of a page render names its page's lent session with. Its value
 * is a random key that lives only in this process while the page renders: a request from outside
 * cannot name a lent session.
 */
export const LENT_SESSION_HEADER = 'x-melon-lent-session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the user in on this browser: a new session replaces any current one (rotation). */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
    /** Signs this browser out. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * After sessions were deleted from the database: every process stops taking them at once
     * (this one before the call returns). Whoever deletes sessions calls it.
     */
    forgetSessions(ended: { idHash: string } | { userId: string }): Promise<void>;
  }
}

interface LentSession {
  user: SessionUser;
  idHash: string;
}

/** The sessions lent to pages being rendered in this process, by their random keys. */
const loans = new Map<string, LentSession>();

/**
 * Lends the session this request was found to have to the in-process calls of its page render
 * (decision 054): a call sending the key in LENT_SESSION_HEADER, with the same session cookie,
 * is that user without another database read. The loan ends with the page's answer. Undefined
 * for a visitor.
 */
export function lendSession(request: FastifyRequest, reply: FastifyReply): string | undefined {
  if (!request.user || !request.sessionIdHash) return undefined;
  const key = randomBytes(16).toString('base64url');
  loans.set(key, { user: request.user, idHash: request.sessionIdHash });
  // 'close' comes when the answer is sent and when the client goes away before that.
  reply.raw.once('close', () => loans.delete(key));
  return key;
}

/**
 * Reads the session cookie of every request into `request.user` (a session read lately is kept a
 * few seconds, decision 072), and starts and ends sessions.
 */
export default fp(
  (app: FastifyInstance) => {
    const cookieName = siteCookieName(SESSION_COOKIE, app.siteOrigin);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionIdHash', null);
    const kept = createLiveSessionCache({ ttlMs: KEEP_SESSION_MS, maxEntries: KEPT_SESSIONS });
    const forget = (message: string) => {
      if (message.startsWith('s:')) kept.forgetSession(message.slice(2));
      else if (message.startsWith('u:')) kept.forgetUser(message.slice(2));
    };
    // The pub/sub comes after this plugin (realtime): subscribed once every plugin is in.
    let stopForgetting: Unsubscribe = () => undefined;
    app.addHook('onReady', async () => {
      stopForgetting = await app.pubsub.subscribe(SESSIONS_ENDED_TOPIC, forget);
    });
    app.addHook('onClose', (_instance, done) => {
      stopForgetting();
      done();
    });

    app.decorate('forgetSessions', async (ended: { idHash: string } | { userId: string }) => {
      const message = 'idHash' in ended ? `s:${ended.idHash}` : `u:${ended.userId}`;
      forget(message);
      await app.pubsub.publish(SESSIONS_ENDED_TOPIC, message).catch((error: unknown) => {
        // The other processes then refuse the session KEEP_SESSION_MS later at most.
        app.log.error({ err: error }, 'sessions-ended');
      });
    });

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[cookieName];
      if (!token) return;
      const now = Date.now();
      const idHash = hashSecret(token);
      const key = request.headers[LENT_SESSION_HEADER];
      const loan = typeof key === 'string' ? loans.get(key) : undefined;
      if (loan?.idHash === idHash) {
        request.user = loan.user;
        request.sessionIdHash = idHash;
        return;
      }
      let session = kept.get(idHash);
      if (!session) {
        const row = await findLiveSession(app.db, idHash, now);
        if (!row) return;
        session = {
          user: { id: row.user_id, name: row.name, avatarUri: row.avatar_url },
          expiresAt: row.expires_at,
          lastSeenAt: row.last_seen_at,
        };
        kept.keep(idHash, session);
      }
      request.user = session.user;
      request.sessionIdHash = idHash;
      if (now - session.lastSeenAt > TOUCH_INTERVAL_MS) {
        session.lastSeenAt = now;
        await touchSession(app.db, idHash, now);
      }
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
        if (previous) await app.forgetSessions({ idHash: previous });
        request.sessionIdHash = idHash;
        reply.setCookie(cookieName, token, {
          ...siteCookieOptions(app.siteOrigin, request),
          maxAge: SESSION_TTL_MS / 1000,
        });
      },
    );

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.sessionIdHash) {
        await deleteSession(app.db, request.sessionIdHash);
        await app.forgetSessions({ idHash: request.sessionIdHash });
      }
      request.user = null;
      request.sessionIdHash = null;
      reply.clearCookie(cookieName, siteCookieOptions(app.siteOrigin, request));
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'database', 'site-origin'] },
);
