import { describe, it, expect, vi } from 'vitest';
import { CAPTCHA_HEADER, CSRF_HEADER } from '../api/constants.ts';
import { createClient, type ClientOptions } from './client.ts';
import {
  ApiError,
  CaptchaError,
  CsrfError,
  LoginRequiredError,
  RequestFailedError,
  ServerError,
} from './errors.ts';
import type { Transport } from './transport.ts';
import Type from 'typebox';
import { defineCall } from '../calls/call.ts';

const BASE = 'http://127.0.0.1:3000';

/** Calls declared for these tests only: their paths and schemas are the client's input. */
const anything = Type.Unknown();
const meta = { tag: 'test', summary: '测试', response: anything } as const;
const plainGet = (path: string) => defineCall({ ...meta, method: 'GET', path });
const feedById = defineCall({
  ...meta,
  method: 'GET',
  path: '/api/feedv2/feedById',
  query: Type.Object({ channelId: Type.String(), offset: Type.Optional(Type.Integer()) }),
});
const albumDetails = defineCall({
  ...meta,
  method: 'GET',
  path: '/api/albumv2/details',
  query: Type.Object({
    block_ids: Type.Array(Type.Union([Type.String(), Type.Integer()])),
    skip: Type.Optional(Type.String()),
    none: Type.Union([Type.String(), Type.Null()]),
    aid: Type.Integer(),
    on: Type.Boolean(),
  }),
});
const seriesItems = defineCall({
  ...meta,
  method: 'GET',
  path: '/api/videov2/list/series_items/:SeriesID/:Cursor',
  params: Type.Object({ SeriesID: Type.String(), Cursor: Type.String() }),
  query: Type.Object({ count: Type.Integer() }),
});
const addFavorite = defineCall({
  ...meta,
  method: 'POST',
  path: '/api/videov2/add/favorite',
  body: Type.Object({ group_id: Type.String() }),
});
const diggAction = defineCall({
  ...meta,
  method: 'POST',
  path: '/api/videov2/digg_action',
  body: Type.Object({ group_id: Type.String() }),
  onUnauthorized: { prompt: 'like' },
});
const postMessage = defineCall({
  ...meta,
  method: 'POST',
  path: '/browser/2/data/v5/post_message/',
  encoding: 'form',
  body: Type.Object({
    group_id: Type.String(),
    text: Type.String(),
    image_info: Type.Object({ uri: Type.String() }),
    web_id: Type.Optional(Type.String()),
  }),
});
const block = defineCall({ ...meta, method: 'POST', path: '/api/userv2/block' });
const spiceImage = defineCall({
  ...meta,
  method: 'POST',
  path: 'https://img.example.com/spice/image',
  query: Type.Object({ sk: Type.String() }),
});
const uploadAvatar = defineCall({
  ...meta,
  method: 'POST',
  path: '/web/user/update/upload_avatar/',
  encoding: 'multipart',
});
const progressStream = defineCall({
  ...meta,
  method: 'GET',
  path: '/api/videov2/upload/progress/stream',
  answer: 'event-stream',
});
const getFavorite = defineCall({
  ...meta,
  method: 'GET',
  path: '/api/videov2/get/favorite',
  onUnauthorized: { prompt: 'login' },
});
const globalConfig = plainGet('/api/otherv2/global_config');
const anyCall = plainGet('/api/x');

type Reply = (request: Request) => Response | Promise<Response>;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function ok(data: unknown): Response {
  return json({ code: 200, message: 'success', data });
}

function captchaAsked(): Response {
  return json({ code: 429, message: '请完成验证', data: null }, 429, { [CAPTCHA_HEADER]: '1' });
}

/** A transport answering with `replies` in turn (the last one repeats), recording each request. */
function scripted(...replies: Reply[]): { transport: Transport; requests: Request[] } {
  const requests: Request[] = [];
  const transport: Transport = async (request) => {
    const reply = replies[Math.min(requests.length, replies.length - 1)];
    requests.push(request);
    if (!reply) throw new Error('no reply scripted');
    return reply(request);
  };
  return { transport, requests };
}

function client(transport: Transport, options: Partial<ClientOptions> = {}) {
  return createClient({ transport, baseUrl: BASE, ...options });
}

function ticks(ms = 20): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('createClient requests', () => {
  it.each([
    {
      label: 'GET with a query',
      send: (c: ReturnType<typeof client>) => c.call(feedById, { channelId: '1', offset: 0 }),
      method: 'GET',
      url: `${BASE}/api/feedv2/feedById?channelId=1&offset=0&aid=1768`,
      contentType: null,
      body: '',
    },
    {
      label: 'GET with a list, empty values and a caller aid',
      send: (c: ReturnType<typeof client>) =>
        c.call(albumDetails, {
          block_ids: ['1', 2],
          skip: undefined,
          none: null,
          aid: 1,
          on: true,
        }),
      method: 'GET',
      url: `${BASE}/api/albumv2/details?block_ids=1%2C2&aid=1768&on=true`,
      contentType: null,
      body: '',
    },
    {
      label: 'POST with a JSON body',
      send: (c: ReturnType<typeof client>) =>
        c.call(addFavorite, { group_id: '7234567890123456789' }),
      method: 'POST',
      url: `${BASE}/api/videov2/add/favorite?aid=1768`,
      contentType: 'application/json',
      body: '{"group_id":"7234567890123456789"}',
    },
    {
      label: 'POST with a form body',
      send: (c: ReturnType<typeof client>) =>
        c.call(postMessage, {
          group_id: '7234567890123456789',
          text: '好 看&',
          image_info: { uri: 'a' },
          web_id: undefined,
        }),
      method: 'POST',
      url: `${BASE}/browser/2/data/v5/post_message/?aid=1768`,
      contentType: 'application/x-www-form-urlencoded',
      body: `group_id=7234567890123456789&text=${encodeURIComponent('好')}+${encodeURIComponent('看&')}&image_info=${encodeURIComponent('{"uri":"a"}')}`,
    },
    {
      label: 'POST without a body',
      send: (c: ReturnType<typeof client>) => c.call(block),
      method: 'POST',
      url: `${BASE}/api/userv2/block?aid=1768`,
      contentType: null,
      body: '',
    },
    {
      label: 'an absolute URL on another host, keeping its query',
      send: (c: ReturnType<typeof client>) => c.call(spiceImage, { sk: 'xg_pc' }),
      method: 'POST',
      url: 'https://img.example.com/spice/image?sk=xg_pc&aid=1768',
      contentType: null,
      body: '',
    },
    {
      label: 'GET with path parameters, encoded, and the rest in the query',
      send: (c: ReturnType<typeof client>) =>
        c.call(seriesItems, { SeriesID: '7/1', Cursor: '0', count: 10 }),
      method: 'GET',
      url: `${BASE}/api/videov2/list/series_items/7%2F1/0?count=10&aid=1768`,
      contentType: null,
      body: '',
    },
  ])('sends $label', async ({ send, method, url, contentType, body }) => {
    const { transport, requests } = scripted(() => ok(null));
    await send(client(transport));
    const [request] = requests;
    expect(requests).toHaveLength(1);
    expect(request?.method).toBe(method);
    expect(request?.url).toBe(url);
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.headers.get('content-type')?.split(';')[0] ?? null).toBe(contentType);
    expect(await request?.text()).toBe(body);
  });

  it.each([
    ['a token', () => 'tok-123', 'tok-123'],
    ['no token', () => undefined, null],
    ['an empty token', () => '', null],
    ['no token getter', undefined, null],
  ])('sends the anti-forgery header with %s', async (_label, getCsrfToken, expected) => {
    const { transport, requests } = scripted(() => ok(null));
    const c = client(transport, getCsrfToken ? { getCsrfToken } : {});
    await c.call(globalConfig);
    await c.call(diggAction, { group_id: '1' });
    expect(requests.map((request) => request.headers.get(CSRF_HEADER))).toEqual([
      expected,
      expected,
    ]);
  });
});

describe('createClient declarations', () => {
  it('sends a multipart call of declared fields as a form, with the anti-forgery header', async () => {
    const { transport, requests } = scripted(() => ok({ id: '1' }));
    const postFields = defineCall({
      ...meta,
      method: 'POST',
      path: '/feedback/2/post_message/',
      encoding: 'multipart',
      body: Type.Object({ category: Type.String(), contact: Type.Optional(Type.String()) }),
    });
    await client(transport, { getCsrfToken: () => 'token' }).call(postFields, {
      category: 'play',
    });
    const [request] = requests;
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.headers.get(CSRF_HEADER)).toBe('token');
    const sent = (await request?.text()) ?? '';
    expect(sent).toContain('name="category"\r\n\r\nplay\r\n');
    expect(sent).not.toContain('name="contact"');
  });

  it('refuses a multipart call without declared fields: its upload helper sends it', async () => {
    const { transport, requests } = scripted(() => ok(null));
    await expect(client(transport).call(uploadAvatar)).rejects.toThrow(/multipart/);
    expect(requests).toHaveLength(0);
  });

  it('refuses an event stream: EventSource opens it', async () => {
    const { transport, requests } = scripted(() => ok(null));
    await expect(client(transport).call(progressStream)).rejects.toThrow(/EventSource/);
    expect(requests).toHaveLength(0);
  });

  it("gives a 401 on an undeclared rule SPEC §6's single sign-on redirect", async () => {
    const { transport } = scripted(() => json({ code: 401, message: '请先登录', data: null }, 401));
    const onUnauthorized = vi.fn();
    await client(transport, { hooks: { onUnauthorized } })
      .call(anyCall)
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith({ path: '/api/x', rule: 'redirect' });
  });
});

describe('createClient answers', () => {
  it.each([
    ['data on 200/200', () => ok({ list: [1] }), { list: [1] }],
    ['null data', () => ok(null), null],
    ['data on 201', () => json({ code: 200, message: 'success', data: 'x' }, 201), 'x'],
  ])('resolves with %s', async (_label, reply, expected) => {
    const { transport } = scripted(reply);
    await expect(client(transport).call(anyCall)).resolves.toEqual(expected);
  });

  it.each([
    {
      label: 'HTTP 401',
      reply: () => json({ code: 401, message: '请先登录', data: null }, 401),
      type: ApiError,
      code: 401,
      message: '请先登录',
      unauthorized: 1,
    },
    {
      label: 'code 401 in a 200',
      reply: () => json({ code: 401, message: '请先登录', data: { a: 1 } }),
      type: ApiError,
      code: 401,
      message: '请先登录',
      unauthorized: 1,
    },
    {
      label: 'HTTP 401 without a body',
      reply: () => new Response(null, { status: 401 }),
      type: ApiError,
      code: 401,
      message: '',
      unauthorized: 1,
    },
    {
      label: 'success false, code 1010',
      reply: () => json({ success: false, code: 1010, message: '需要登录', data: null }),
      type: LoginRequiredError,
      code: 1010,
      message: '需要登录',
      unauthorized: 0,
    },
    {
      label: 'code 1010 without success false',
      reply: () => json({ code: 1010, message: 'other', data: null }),
      type: ApiError,
      code: 1010,
      message: 'other',
      unauthorized: 0,
    },
    {
      label: 'a csrf 403',
      reply: () => json({ code: 1, errno: 1, message: 'invalid CSRF token', data: null }, 403),
      type: CsrfError,
      code: 1,
      message: 'invalid CSRF token',
      unauthorized: 0,
    },
    {
      label: 'a 403 not about csrf',
      reply: () => json({ code: 1, errno: 1, message: 'forbidden', data: null }, 403),
      type: ApiError,
      code: 1,
      message: 'forbidden',
      unauthorized: 0,
    },
    {
      label: 'a validation error',
      reply: () => json({ code: 400, message: 'offset 不合法', data: null, field: 'offset' }, 400),
      type: ApiError,
      code: 400,
      message: 'offset 不合法',
      unauthorized: 0,
    },
    {
      label: 'another code in a 200',
      reply: () => json({ code: 3001, message: '视频不存在', data: null }),
      type: ApiError,
      code: 3001,
      message: '视频不存在',
      unauthorized: 0,
    },
    {
      label: 'code 200 in a 404',
      reply: () => json({ code: 200, message: 'success', data: 1 }, 404),
      type: ApiError,
      code: 200,
      message: 'success',
      unauthorized: 0,
    },
    {
      label: 'a page that is not JSON',
      reply: () => new Response('<html>not found</html>', { status: 404 }),
      type: ApiError,
      code: 404,
      message: 'HTTP 404',
      unauthorized: 0,
    },
  ])('rejects $label', async ({ reply, type, code, message, unauthorized }) => {
    const onUnauthorized = vi.fn();
    const { transport } = scripted(reply);
    const error: unknown = await client(transport, { hooks: { onUnauthorized } })
      .call(getFavorite)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ constructor: type, code, message });
    expect(onUnauthorized).toHaveBeenCalledTimes(unauthorized);
    if (unauthorized) {
      expect(onUnauthorized).toHaveBeenCalledWith({
        path: '/api/videov2/get/favorite',
        rule: { prompt: 'login' },
      });
      expect(error).toMatchObject({ data: null });
    }
  });

  it('names the field of a validation error', async () => {
    const { transport } = scripted(() =>
      json({ code: 400, message: 'bad', data: null, field: 'offset' }, 400),
    );
    await expect(client(transport).call(anyCall)).rejects.toMatchObject({
      field: 'offset',
      status: 400,
    });
  });

  it.each([
    [
      'a JSON body',
      () => json({ code: 500, message: '服务异常', data: null }, 500),
      { code: 500, message: '服务异常', data: null },
    ],
    ['a text body', () => new Response('upstream down', { status: 502 }), 'upstream down'],
  ])('rejects a 5xx with %s', async (_label, reply, body) => {
    const { transport } = scripted(reply);
    const error: unknown = await client(transport)
      .call(anyCall)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).body).toEqual(body);
  });
});

describe('createClient failures', () => {
  const url = `${BASE}/api/x?aid=1768`;

  it.each<[string, Transport]>([
    ['a transport that never answers', () => new Promise<Response>(() => undefined)],
    [
      'a transport that honours the abort',
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    ],
    [
      'a body that never ends',
      () =>
        Promise.resolve(
          new Response(new ReadableStream({ start: () => undefined }), { status: 200 }),
        ),
    ],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    [
      'a transport that throws',
      () => {
        throw new TypeError('boom');
      },
    ],
  ])('rejects %s with "error on url"', async (_label, transport) => {
    const error: unknown = await client(transport, { timeoutMs: 30 })
      .call(anyCall)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailedError);
    expect((error as Error).message).toBe(`error on url ${url}`);
    expect((error as RequestFailedError).url).toBe(url);
  });

  it('aborts the request signal on timeout', async () => {
    const { transport, requests } = scripted(() => new Promise<Response>(() => undefined));
    await expect(client(transport, { timeoutMs: 20 }).call(anyCall)).rejects.toThrow(
      RequestFailedError,
    );
    expect(requests[0]?.signal.aborted).toBe(true);
  });

  it('waits for an in-process answer as long as it takes when the timeout is null', async () => {
    vi.useFakeTimers();
    try {
      const { transport } = scripted(
        () =>
          new Promise<Response>((resolve) => {
            setTimeout(() => {
              resolve(ok('late'));
            }, 60_000);
          }),
      );
      const answer = client(transport, { timeoutMs: null }).call(anyCall);
      await vi.advanceTimersByTimeAsync(60_000);
      await expect(answer).resolves.toBe('late');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createClient captcha', () => {
  it.each([
    ['solved', () => Promise.resolve('solution'), 'again', 2],
    ['closed', () => Promise.resolve(null), CaptchaError, 1],
    ['failing', () => Promise.reject(new Error('widget failed')), CaptchaError, 1],
    ['not available', undefined, CaptchaError, 1],
  ])('when %s', async (_label, captcha, expected, sent) => {
    const { transport, requests } = scripted(captchaAsked, () => ok('again'));
    const c = client(transport, captcha ? { hooks: { captcha } } : {});
    const result = c.call(diggAction, { group_id: '1' });
    if (typeof expected === 'string') await expect(result).resolves.toBe(expected);
    else await expect(result).rejects.toBeInstanceOf(expected);
    expect(requests).toHaveLength(sent);
  });

  it('repeats the request with its body and the solution, and asks the hook with its path', async () => {
    const captcha = vi.fn(() => Promise.resolve('c29sdXRpb24='));
    const { transport, requests } = scripted(captchaAsked, () => ok(1));
    await client(transport, { hooks: { captcha } }).call(diggAction, {
      group_id: '9',
    });
    expect(captcha).toHaveBeenCalledWith({ path: '/api/videov2/digg_action' });
    expect(await Promise.all(requests.map((request) => request.text()))).toEqual([
      '{"group_id":"9"}',
      '{"group_id":"9"}',
    ]);
    expect(requests.map((request) => request.headers.get('x-captcha-solution'))).toEqual([
      null,
      'c29sdXRpb24=',
    ]);
  });

  it('gives up when the server keeps asking', async () => {
    const captcha = vi.fn(() => Promise.resolve('solution'));
    const { transport, requests } = scripted(captchaAsked);
    const result = client(transport, { hooks: { captcha } }).call(anyCall);
    await expect(result).rejects.toMatchObject({
      constructor: CaptchaError,
      code: 429,
      message: '请完成验证',
    });
    expect(captcha).toHaveBeenCalledTimes(3);
    expect(requests).toHaveLength(4);
  });

  it.each([
    ['solved', 'solution', ['/api/a', '/api/a', '/api/b'], 'ok'],
    ['closed', null, ['/api/a', '/api/b'], 'rejected'],
  ])(
    'holds later requests while a captcha is pending, then sends them (%s)',
    async (_label, solved, order, first) => {
      const { promise, resolve } = Promise.withResolvers<string | null>();
      const captcha = vi.fn(() => promise);
      const { transport, requests } = scripted(captchaAsked, () => ok('ok'));
      const c = client(transport, { hooks: { captcha } });

      const a = c.call(plainGet('/api/a')).catch(() => 'rejected');
      await vi.waitFor(() => {
        expect(captcha).toHaveBeenCalledTimes(1);
      });
      const b = c.call(plainGet('/api/b'));
      await ticks();
      expect(requests).toHaveLength(1);

      resolve(solved);
      await expect(a).resolves.toBe(first);
      await expect(b).resolves.toBe('ok');
      expect(requests.map((request) => new URL(request.url).pathname)).toEqual(order);
    },
  );

  it('shows one captcha for concurrent answers that ask for it, and repeats them all', async () => {
    const { promise, resolve } = Promise.withResolvers<string | null>();
    const captcha = vi.fn(() => promise);
    const { transport, requests } = scripted(captchaAsked, captchaAsked, () => ok('ok'));
    const c = client(transport, { hooks: { captcha } });

    const both = Promise.all([c.call(plainGet('/api/a')), c.call(plainGet('/api/b'))]);
    await vi.waitFor(() => {
      expect(requests).toHaveLength(2);
    });
    await ticks();
    resolve('solution');
    await expect(both).resolves.toEqual(['ok', 'ok']);
    expect(captcha).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(4);
  });
});
