import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { WebSocket, type ClientOptions } from 'ws';
import type { Database } from '@melon/db/database';
import { CSRF_HEADER, WEB_ID_COOKIE } from '@melon/shared/api/constants';
import type { ServerMessage } from '@melon/shared/contracts/realtime';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';
import { SESSION_COOKIE } from '../modules/session/session.plugin.ts';
import { csrfTokenFor } from '../security/csrf-token.ts';
import { createServer } from '../server.ts';
import { freeLoopbackOrigin } from './listening-origin.ts';
import { newSessionToken } from './session-token.ts';
import { createMemoryPubSub } from '../realtime/memory-pubsub.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import type { RealtimeOptions } from '../realtime/realtime-options.ts';
import { createRedisPubSub } from '../realtime/redis-pubsub.ts';

/** Test support: the whole app listening on 127.0.0.1, for real WebSocket clients. */
export interface LiveServer {
  app: FastifyInstance;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
  /** The bus the server publishes on (the app's decorators stay inside its plugin). */
  pubsub: PubSub;
  /** http://127.0.0.1:<port>, the site's own origin. */
  origin: string;
  /** Cookie and anti-forgery headers of a browser signed in as the user. */
  signedIn: (userId: string) => Promise<Record<string, string>>;
  close: () => Promise<void>;
}

export async function startLiveServer(
  db: Kysely<Database>,
  newId: () => string,
  realtime: Partial<RealtimeOptions>,
): Promise<LiveServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-live-'));
  const secret = randomBytes(32);
  await ensureDefaultChannels(db);
  const pubsub = realtime.redisUrl
    ? await createRedisPubSub(realtime.redisUrl, { prefix: 'melon:', onError: console.error })
    : createMemoryPubSub(console.error);
  // The gateway admits pages of the site's origin only: the address it listens on.
  const { origin, port } = await freeLoopbackOrigin();
  const app = await createServer({
    db,
    newId,
    dataDir,
    secret,
    webBuild: undefined,
    oauthProviders: [],
    realtime: { ...realtime, pubsub },
    logLevel: 'silent',
    publicUrl: origin,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    pubsub,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    origin,
    signedIn: async (userId) => {
      const token = await newSessionToken(db, newId, userId);
      const webId = newId();
      return {
        cookie: `${WEB_ID_COOKIE}=${webId}; ${SESSION_COOKIE}=${token}`,
        [CSRF_HEADER]: csrfTokenFor(secret, webId),
      };
    },
    close: async () => {
      await app.close();
      await pubsub.close();
      // Through libuv's pool, queued after the upload store's own mkdir (tus's FileStore makes
      // its directory in the background and throws from the callback if that fails): removed
      // at once, a late mkdir met a vanishing parent and failed the run as an uncaught error.
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real WebSocket client that keeps what it received and waits for what it expects. */
export class LiveClient {
  readonly socket: WebSocket;
  readonly received: ServerMessage[] = [];
  /** Resolves with the close code once the connection is gone. */
  readonly closed: Promise<number>;
  readonly #waiters = new Set<{
    test: (m: ServerMessage) => boolean;
    resolve: (m: ServerMessage) => void;
  }>();

  private constructor(socket: WebSocket) {
    this.socket = socket;
    this.closed = new Promise((resolve) => {
      socket.on('close', (code) => {
        resolve(code);
      });
    });
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as ServerMessage;
      this.received.push(message);
      for (const waiter of this.#waiters) {
        if (waiter.test(message)) {
          this.#waiters.delete(waiter);
          waiter.resolve(message);
        }
      }
    });
  }

  static connect(url: string, options: ClientOptions = {}): Promise<LiveClient> {
    const socket = new WebSocket(url, options);
    const client = new LiveClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        resolve(client);
      });
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message from index `from` on (received already or later) that passes the test. */
  async next<T extends ServerMessage['op']>(
    op: T,
    test: (message: Extract<ServerMessage, { op: T }>) => boolean = () => true,
    from = 0,
  ): Promise<Extract<ServerMessage, { op: T }>> {
    const matches = (m: ServerMessage): m is Extract<ServerMessage, { op: T }> =>
      m.op === op && test(m as Extract<ServerMessage, { op: T }>);
    const found = this.received.slice(from).find(matches);
    if (found) return found;
    const message = await new Promise<ServerMessage>((resolve, reject) => {
      this.#waiters.add({ test: matches, resolve });
      void this.closed.then((code) => {
        reject(new Error(`closed (${code}) while waiting for ${op}`));
      });
    });
    return message as Extract<ServerMessage, { op: T }>;
  }

  async subscribe(topic: string): Promise<void> {
    this.send({ op: 'sub', topic });
    await this.next('subscribed', (m) => m.data.topic === topic);
  }

  /** Resolves after a ping round trip: everything sent before it has arrived. */
  async settle(): Promise<void> {
    const from = this.received.length;
    this.send({ op: 'ping' });
    await this.next('pong', undefined, from);
  }

  close(): void {
    this.socket.close();
  }
}
