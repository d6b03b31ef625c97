import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { CSRF_HEADER, WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';
import { csrfTokenFor } from '../security/csrf-token.ts';
import { createServer } from '../server.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  dataDir: string;
  newId: () => string;
  /** Cookie and anti-forgery header of a visitor, for state-changing calls. */
  visitor: (webId?: string) => { cookie: string; headers: Record<string, string>; webId: string };
  close: () => Promise<void>;
}

/** The whole app on a fresh database of the dialect under test (MELON_TEST_DIALECT). */
export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-test-'));
  const newId = createIdGenerator();
  const secret = randomBytes(32);
  await ensureDefaultChannels(database.db);
  const app = await createServer({
    db: database.db,
    newId,
    dataDir,
    secret,
    webBuild: undefined,
    logLevel: 'silent',
  });
  await app.ready();
  return {
    app,
    db: database.db,
    dataDir,
    newId,
    visitor: (webId = newId()) => ({
      webId,
      cookie: `${WEB_ID_COOKIE}=${webId}`,
      headers: { cookie: `${WEB_ID_COOKIE}=${webId}`, [CSRF_HEADER]: csrfTokenFor(secret, webId) },
    }),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
