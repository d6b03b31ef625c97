import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const batch = { r: true, d: [{ k: 'stay_page', v: '{"duration":5}' }] };

async function isQualified(webId: string): Promise<boolean> {
  const row = await t.db
    .selectFrom('web_identities')
    .select('qualified')
    .where('web_id', '=', webId)
    .executeTakeFirst();
  return row?.qualified === 1;
}

describe('anti-forgery check on POST', () => {
  it.each<[string, () => Record<string, string>]>([
    ['no header', () => ({ cookie: t.visitor().cookie })],
    ['a wrong token', () => ({ cookie: t.visitor().cookie, 'x-csrf-token': 'not-the-token' })],
    [
      "another visitor's token",
      () => ({
        cookie: t.visitor().cookie,
        'x-csrf-token': t.visitor().headers['x-csrf-token'] ?? '',
      }),
    ],
    [
      'a token but no web_id cookie',
      () => ({ 'x-csrf-token': t.visitor().headers['x-csrf-token'] ?? '' }),
    ],
  ])(
    'refuses %s with 403, code 1, errno 1, a csrf message, and changes nothing',
    async (_name, headers) => {
      const sent = headers();
      const response = await t.app.inject({
        method: 'POST',
        url: logEvents.path,
        headers: sent,
        payload: batch,
      });
      expect(response.statusCode).toBe(403);
      const body = response.json<{ code: number; errno: number; message: string; data: null }>();
      expect(body).toMatchObject({ code: 1, errno: 1, data: null });
      expect(body.message).toContain('csrf');
      const webId = /web_id=(\d+)/.exec(sent.cookie ?? '')?.[1];
      if (webId) expect(await isQualified(webId)).toBe(false);
    },
  );

  it('accepts a valid token with a JSON body', async () => {
    const visitor = t.visitor();
    const response = await t.app.inject({
      method: 'POST',
      url: logEvents.path,
      headers: visitor.headers,
      payload: batch,
    });
    expect(response.statusCode).toBe(200);
    expect(await isQualified(visitor.webId)).toBe(true);
  });

  it('accepts a form body as well as JSON', async () => {
    const visitor = t.visitor();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/nosuch/form',
      headers: { ...visitor.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1&b=2',
    });
    // The form parsed; the unknown path then answers in the envelope.
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404 });
  });

  it('refuses a wrong content type with 415', async () => {
    const visitor = t.visitor();
    const response = await t.app.inject({
      method: 'POST',
      url: logEvents.path,
      headers: { ...visitor.headers, 'content-type': 'application/xml' },
      payload: '<d/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 415, data: null });
    expect(await isQualified(visitor.webId)).toBe(false);
  });

  it('refuses malformed JSON with 400', async () => {
    const visitor = t.visitor();
    const response = await t.app.inject({
      method: 'POST',
      url: logEvents.path,
      headers: { ...visitor.headers, 'content-type': 'application/json' },
      payload: '{"r":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: null });
  });

  it('refuses a batch that breaks the schema with 400 naming the field', async () => {
    const visitor = t.visitor();
    const response = await t.app.inject({
      method: 'POST',
      url: logEvents.path,
      headers: visitor.headers,
      payload: { r: true, d: [{ k: '<script>', v: 'x' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, field: 'd.0.k' });
    expect(await isQualified(visitor.webId)).toBe(false);
  });

  it('refuses an oversize body with 413', async () => {
    const visitor = t.visitor();
    const response = await t.app.inject({
      method: 'POST',
      url: logEvents.path,
      headers: visitor.headers,
      payload: { r: true, d: [{ k: 'big', v: 'x'.repeat(70 * 1024) }] },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413 });
    expect(await isQualified(visitor.webId)).toBe(false);
  });
});
