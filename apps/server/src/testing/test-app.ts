import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { CSRF_HEADER, WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { siteCookieName } from '../http/site-cookies.ts';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';
import { SESSION_COOKIE } from '../modules/session/session.plugin.ts';
import { csrfTokenFor } from '../security/csrf-token.ts';
import type { AppOptions } from '../app.ts';
import { createServer } from '../server.ts';
import { newSessionToken } from './session-token.ts';

export interface Visitor {
  webId: string;
  cookie: string;
  /** cookie and x-csrf-token, ready for `inject({ headers })`. */
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  dataDir: string;
  newId: () => string;
  /** The site secret (anti-forgery tokens). */
  secret: Buffer;
  /** Cookie and anti-forgery header of a visitor, for state-changing calls. */
  visitor: (webId?: string) => Visitor;
  /** A visitor signed in as the user, through a real session row. */
  signedIn: (userId: string) => Promise<Visitor>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Third-party providers, e.g. a local oidc-provider; none by default. */
  oauthProviders?: AppOptions['oauthProviders'];
  /** Where the rate limits count; this process by default. */
  rateLimits?: AppOptions['rateLimits'];
  /** Routes of the test's own, registered beside the app's before it starts. */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Who may read /metrics, /openapi.json and /docs/api; loopback by default. */
  operatorEndpoints?: AppOptions['operatorEndpoints'];
  /** Logs at level info into this stream; silent when left out. */
  logStream?: NodeJS.WritableStream;
  /** Each user's storage quota and the disk's floor; the app's defaults when left out. */
  storage?: AppOptions['storage'];
  /** Kysely plugins on the app's database handle only (the test's `db` goes without them). */
  dbPlugins?: KyselyPlugin[];
  /** The least time between two verification codes to one target; 60 s when left out. */
  codeResendIntervalMs?: number;
  /** Where media files live (an S3 store); the local disk under the data dir when left out. */
  mediaStorage?: AppOptions['mediaStorage'];
  /**
   * The site's origin (MELON_PUBLIC_URL, decision 067); http://localhost, where injected requests
   * arrive, when left out. An https origin names the identity cookies `__Host-…`.
   */
  publicUrl?: string;
  /** Payments (decision 048); nothing can be bought when left out. */
  pay?: AppOptions['pay'];
  /** Native client packages offered on /app; none when left out. */
  appPackages?: AppOptions['appPackages'];
  /**
   * Another web process of that app's site: its database, secret and ids, a data dir of its own.
   * Closing it leaves the shared database open.
   */
  besides?: TestApp;
}

/** The whole app on a fresh database of the dialect under test (MELON_TEST_DIALECT). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.besides;
  const database = shared
    ? { db: shared.db, close: () => Promise.resolve() }
    : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-test-'));
  const newId = shared?.newId ?? createIdGenerator();
  const secret = shared?.secret ?? randomBytes(32);
  if (!shared) await ensureDefaultChannels(database.db);
  const appDb = (options.dbPlugins ?? []).reduce(
    (db, plugin) => db.withPlugin(plugin),
    database.db,
  );
  const origin = options.publicUrl ?? 'http://localhost';
  const app = await createServer({
    db: appDb,
    newId,
    dataDir,
    secret,
    webBuild: undefined,
    oauthProviders: options.oauthProviders ?? [],
    rateLimits: options.rateLimits,
    ...(options.operatorEndpoints ? { operatorEndpoints: options.operatorEndpoints } : {}),
    logLevel: options.logStream ? 'info' : 'silent',
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.codeResendIntervalMs ? { codeResendIntervalMs: options.codeResendIntervalMs } : {}),
    ...(options.mediaStorage ? { mediaStorage: options.mediaStorage } : {}),
    publicUrl: origin,
    ...(options.pay ? { pay: options.pay } : {}),
    ...(options.appPackages ? { appPackages: options.appPackages } : {}),
  });
  await app.ready();
  const visitor = (webId = newId(), extraCookies = ''): Visitor => {
    const cookie = `${siteCookieName(WEB_ID_COOKIE, origin)}=${webId}${extraCookies}`;
    return { webId, cookie, headers: { cookie, [CSRF_HEADER]: csrfTokenFor(secret, webId) } };
  };
  return {
    app,
    db: database.db,
    dataDir,
    newId,
    secret,
    visitor,
    signedIn: async (userId) => {
      const token = await newSessionToken(database.db, newId, userId);
      return visitor(newId(), `; ${siteCookieName(SESSION_COOKIE, origin)}=${token}`);
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
