import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logout } from '@melon/shared/calls/passport.calls';
import { createUser } from '../../testing/factories.ts';
import { injectCall } from '../../testing/inject-call.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { LENT_SESSION_HEADER, lendSession, SESSION_COOKIE } from '../session/session.plugin.ts';
import { inProcessTransport } from './in-process-transport.ts';

/*
 * A signed-in page's loaders make half a dozen in-process calls; each read the session again
 * until the page lent its own (decision 054). The loan is the page's user for its calls only.
 */

/** Counts the app's reads of the sessions table. */
function sessionReads(): { plugin: KyselyPlugin; count: () => number } {
  let reads = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node }): RootOperationNode {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"sessions"')) {
        reads += 1;
      }
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { plugin, count: () => reads };
}

const reads = sessionReads();
let t: TestApp;
let alice: string;
let bobToken: string;

interface PageAnswer {
  loan: string | null;
  calls: (string | null)[];
  /** Bob's cookie with Alice's loan key, sent during Alice's page. */
  otherCookie: string | null;
  madeUpKey: string | null;
}

const who = async (answer: Response) => ((await answer.json()) as { user: string | null }).user;

function pageRoutes(app: FastifyInstance): void {
  app.get('/test/who', (request) => ({ user: request.user?.id ?? null }));
  app.get('/test/page', async (request, reply) => {
    const loan = lendSession(request, reply);
    const call = inProcessTransport(app, request, loan);
    const calls = [];
    for (let i = 0; i < 3; i += 1)
      calls.push(await who(await call(new Request('http://x/test/who'))));
    const other = await app.inject({
      url: '/test/who',
      headers: { cookie: `${SESSION_COOKIE}=${bobToken}`, [LENT_SESSION_HEADER]: loan ?? '' },
    });
    const madeUp = await app.inject({
      url: '/test/who',
      headers: {
        cookie: request.headers.cookie ?? '',
        [LENT_SESSION_HEADER]: 'AAAAAAAAAAAAAAAAAAAAAA',
      },
    });
    const answer: PageAnswer = {
      loan: loan ?? null,
      calls,
      otherCookie: other.json<{ user: string | null }>().user,
      madeUpKey: madeUp.json<{ user: string | null }>().user,
    };
    return answer;
  });
}

beforeAll(async () => {
  t = await createTestApp({ dbPlugins: [reads.plugin], extraRoutes: pageRoutes });
  alice = await createUser(t.db, t.newId);
  const bob = await createUser(t.db, t.newId);
  bobToken = /melon_session=([^;]+)/.exec((await t.signedIn(bob)).cookie)?.[1] ?? '';
});

afterAll(async () => {
  await t.close();
});

describe("a page's lent session", () => {
  it("makes the page's in-process calls its user with the one read of the page", async () => {
    const { cookie } = await t.signedIn(alice);
    const before = reads.count();
    const answer = await t.app.inject({ url: '/test/page', headers: { cookie } });
    const page = answer.json<PageAnswer>();
    expect(page.loan).toEqual(expect.any(String));
    expect(page.calls).toEqual([alice, alice, alice]);
    // The page's own read, then Bob's session for the call that could not use the loan (Alice's,
    // asked with a made-up key, was kept from the page's read: decision 072).
    expect(reads.count() - before).toBe(2);
  });

  it('is nobody else: another session cookie with the key, or a made-up key, is read as usual', async () => {
    const bob = (
      await t.app.inject({
        url: '/test/who',
        headers: { cookie: `${SESSION_COOKIE}=${bobToken}` },
      })
    ).json<{ user: string }>().user;
    const { cookie } = await t.signedIn(alice);
    const page = (
      await t.app.inject({ url: '/test/page', headers: { cookie } })
    ).json<PageAnswer>();
    expect(page.otherCookie).toBe(bob);
    expect(page.madeUpKey).toBe(alice);
  });

  it("ends with the page's answer: the key then lends nothing", async () => {
    const signedIn = await t.signedIn(alice);
    const { cookie } = signedIn;
    const { loan } = (
      await t.app.inject({ url: '/test/page', headers: { cookie } })
    ).json<PageAnswer>();
    const token = /melon_session=([^;]+)/.exec(cookie)?.[1] ?? '';
    const signedOut = await injectCall(t.app, logout, { headers: signedIn.headers });
    expect(signedOut.statusCode).toBe(200);
    const after = await t.app.inject({
      url: '/test/who',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, [LENT_SESSION_HEADER]: loan ?? '' },
    });
    expect(after.json()).toEqual({ user: null });
  });

  it('is not made for a visitor', async () => {
    const answer = await t.app.inject({ url: '/test/page', headers: t.visitor().headers });
    expect(answer.json<PageAnswer>()).toMatchObject({ loan: null, calls: [null, null, null] });
  });
});
