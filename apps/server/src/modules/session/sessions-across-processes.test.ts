import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { getSessions, logout, revokeSession } from '@melon/shared/calls/passport.calls';
import type { GlobalConfig } from '@melon/shared/contracts/global-config';
import type { SessionList } from '@melon/shared/contracts/passport';
import { createUser } from '../../testing/factories.ts';
import { injectCall } from '../../testing/inject-call.ts';
import { startLiveServer, type LiveServer } from '../../testing/live-server.ts';
import { REDIS_URL, redisAvailable } from '../../testing/redis.ts';

/*
 * Each web process keeps a session it read for a few seconds (decision 072); one ended on any
 * process is announced on Redis, and every other process stops taking it at once. The clock
 * stands still here, so nothing kept ever ages out: only the announcement can end it.
 */

const reachable = await redisAvailable('the sessions-ended announcements across processes');
// Two whole servers on a shared 2-core machine: generous, never a timing claim.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

type Headers = Record<string, string>;

describe.runIf(reachable)(`sessions ended on one of two servers sharing ${REDIS_URL}`, () => {
  const newId = createIdGenerator();
  let database: OpenedDatabase;
  let one: LiveServer;
  let two: LiveServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    one = await startLiveServer(database.db, newId, { redisUrl: REDIS_URL });
    two = await startLiveServer(database.db, newId, { redisUrl: REDIS_URL });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await one.close();
    await two.close();
    await database.close();
  });

  const isSignedIn = async (server: LiveServer, headers: Headers) =>
    (
      await injectCall(server.app, getGlobalConfig, { headers: { cookie: headers.cookie ?? '' } })
    ).json<{ data: GlobalConfig }>().data.isLogin;

  /** Asks the server until it refuses the session (at most 2 s of real time). */
  async function refusedBy(server: LiveServer, headers: Headers): Promise<boolean> {
    for (let tries = 0; tries < 100; tries += 1) {
      if (!(await isSignedIn(server, headers))) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  it('a sign-out on one server ends the session on the other, which kept it', async () => {
    const browser = await one.signedIn(await createUser(database.db, newId));
    expect(await isSignedIn(one, browser)).toBe(true);
    expect(await isSignedIn(two, browser)).toBe(true);
    expect((await injectCall(one.app, logout, { headers: browser })).statusCode).toBe(200);
    expect(await isSignedIn(one, browser)).toBe(false);
    expect(await refusedBy(two, browser)).toBe(true);
  });

  it('a device revoked on one server is refused by the other, which kept it', async () => {
    const userId = await createUser(database.db, newId);
    const phone = await one.signedIn(userId);
    const laptop = await one.signedIn(userId);
    expect(await isSignedIn(two, laptop)).toBe(true);
    const listed = await injectCall(one.app, getSessions, { headers: phone });
    const other = listed.json<{ data: SessionList }>().data.list.find((s) => !s.current);
    const revoked = await injectCall(one.app, revokeSession, {
      headers: phone,
      payload: { session_id: other?.session_id ?? '' },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await isSignedIn(one, laptop)).toBe(false);
    expect(await refusedBy(two, laptop)).toBe(true);
    expect(await isSignedIn(two, phone)).toBe(true);
  });
});
