import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Type from 'typebox';
import { defineCall, type CallDeclaration } from '@melon/shared/calls/call';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { route } from './call-route.ts';

const CALLS_DIR = path.join(import.meta.dirname, '../../../../../packages/shared/src/calls');

/** Every declaration of the registry, read from its files. */
async function registry(): Promise<CallDeclaration[]> {
  const files = readdirSync(CALLS_DIR).filter((name) => name.endsWith('.calls.ts'));
  const modules = await Promise.all(
    files.map(
      async (name) => (await import(path.join(CALLS_DIR, name))) as Record<string, unknown>,
    ),
  );
  return modules.flatMap((exports) =>
    Object.values(exports).filter(
      (value): value is CallDeclaration =>
        typeof value === 'object' && value !== null && 'path' in value && 'method' in value,
    ),
  );
}

/** A throwaway call of the tests' own, registered like a module's. */
const echo = defineCall({
  method: 'POST',
  path: '/api/test/echo/:kind',
  tag: 'test',
  summary: '回声',
  params: Type.Object({ kind: Type.String({ pattern: '^[a-z]+$' }) }),
  body: Type.Object({ text: Type.String({ maxLength: 5 }) }),
  response: Type.Object({ kind: Type.String(), text: Type.String(), user_id: Type.String() }),
  signIn: 'required',
});

/** A call whose handler sends serialised bytes itself, as the feed's micro-cache does. */
const preserialised = defineCall({
  method: 'GET',
  path: '/api/test/preserialised',
  tag: 'test',
  summary: '预先序列化',
  response: Type.Object({ cached: Type.Boolean() }),
});

/** Warnings logged while answering a request, by the request's logger. */
const warnings: unknown[] = [];

/**
 * Documented routes that are no call of the web app: the provider sends the browser back to the
 * third-party sign-in callback; the echo call below is the tests' own.
 */
const NOT_CALLS = new Set([
  '/passport/auth/callback/{platform}',
  '/api/test/echo/{kind}',
  '/api/test/preserialised',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      route(app, echo, ({ kind, text }, { user }) => ({ kind, text, user_id: user.id }));
      route(app, preserialised, async (_input, { request, reply }) => {
        request.log.warn = (...args: unknown[]) => void warnings.push(args);
        const bytes = await Promise.resolve(
          '{"code":200,"message":"success","data":{"cached":true}}',
        );
        return reply.type('application/json; charset=utf-8').send(bytes);
      });
    },
  });
});
afterAll(() => t.close());

describe('the call registry', () => {
  it('has a route on the server for every declared call', async () => {
    const declarations = await registry();
    expect(declarations.length).toBeGreaterThan(40);
    const missing = declarations.filter(
      ({ method, path: url }) => !t.app.hasRoute({ method, url }),
    );
    expect(missing.map((call) => `${call.method} ${call.path}`)).toEqual([]);
  });

  it('declares every call the API documents', async () => {
    const declared = new Set(
      (await registry()).map((call) => call.path.replace(/:(\w+)/g, '{$1}')),
    );
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    const undeclared = Object.keys(doc.paths).filter(
      (documented) => !declared.has(documented) && !NOT_CALLS.has(documented),
    );
    expect(undeclared).toEqual([]);
  });
});

describe('a declared call on the server', () => {
  const url = '/api/test/echo/word?aid=1768';

  it("answers the handler's data in the envelope, from path parameters and body together", async () => {
    const member = await t.signedIn(await createUser(t.db, t.newId));
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: member.headers,
      payload: { text: '你好' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      message: 'success',
      data: { kind: 'word', text: '你好', user_id: expect.any(String) as string },
    });
  });

  it('lets a handler send the answer itself, once', async () => {
    const response = await t.app.inject({ url: '/api/test/preserialised' });
    expect(response.json()).toEqual({ code: 200, message: 'success', data: { cached: true } });
    // Answering the envelope a second time was refused with FST_ERR_REP_ALREADY_SENT, logged.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([]);
  });

  it('refuses a visitor with 401 before looking at the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: t.visitor().headers,
      payload: { text: '太长太长太长太长' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, data: null });
  });

  it('refuses input against the declared schemas with 400 naming the field', async () => {
    const member = await t.signedIn(await createUser(t.db, t.newId));
    const long = await t.app.inject({
      method: 'POST',
      url,
      headers: member.headers,
      payload: { text: '太长太长太长' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 400, field: 'text', data: null });
    const badPath = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/WORD',
      headers: member.headers,
      payload: { text: '好' },
    });
    expect(badPath.statusCode).toBe(400);
  });
});
