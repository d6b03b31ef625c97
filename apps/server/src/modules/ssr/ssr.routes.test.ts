import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorHandler from '../../plugins/app/error-handler.ts';
import siteOrigin from '../../plugins/app/site-origin.ts';
import ssrRoutes from './ssr.routes.ts';

describe("the web app's client files", () => {
  const script = Buffer.from(`console.log(${JSON.stringify('弹幕'.repeat(2000))});\n`);
  let clientDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A client build as `npm run build` leaves it: the hashed file with its .br and .gz copies.
    clientDir = mkdtempSync(path.join(tmpdir(), 'melon-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    const file = path.join(clientDir, 'assets/app-Ab12Cd34.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    app = Fastify();
    await app.register(cookie);
    await app.register(siteOrigin, { origin: 'http://melon.example' });
    // As the identity plugin does for a first visit.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('set-cookie', 'web_id=7000000000000000001; Path=/');
    });
    await app.register(ssrRoutes, {
      build: { clientDir, render: () => Promise.resolve(new Response('page')) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (acceptEncoding: string) =>
    app.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': acceptEncoding } });

  it('go out precompressed with Brotli where the browser takes it, else gzip', async () => {
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);
  });

  it('go out as they are to a client that takes no compression', async () => {
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
  });

  it('carry no cookie, so shared caches keep them; the pages still set it', async () => {
    expect((await get('br')).headers['set-cookie']).toBeUndefined();
    const page = await app.inject({ url: '/some/page' });
    expect(page.body).toBe('page');
    expect(page.headers['set-cookie']).toContain('web_id=7000000000000000001; Path=/');
  });
});

describe('rendered pages', () => {
  let app: FastifyInstance;
  const nonces: string[] = [];
  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'melon-client-'));
    app = Fastify();
    await app.register(errorHandler);
    await app.register(cookie);
    await app.register(siteOrigin, { origin: 'http://melon.example' });
    // Helmet's default, which a page that may be embedded must not keep.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-frame-options', 'SAMEORIGIN');
    });
    await app.register(ssrRoutes, {
      build: {
        clientDir,
        render: (request, _transport, page) => {
          nonces.push(page.nonce);
          if (new URL(request.url).pathname.endsWith('.data')) {
            return Promise.resolve(
              new Response('[{"csrfToken":"x"}]', { headers: { 'content-type': 'text/x-script' } }),
            );
          }
          const html = `<!DOCTYPE html><script nonce="${page.nonce}">1</script>`;
          return Promise.resolve(
            new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
          );
        },
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  /** The policy's directives by name. */
  const directives = (header: string | string[] | number | undefined) =>
    new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );

  it('carry a script policy with a fresh nonce, the one the page was rendered with', async () => {
    const first = await app.inject({ url: '/', headers: { host: 'melon.example' } });
    const second = await app.inject({ url: '/', headers: { host: 'melon.example' } });
    const [a, b] = nonces.slice(-2);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
    expect(first.body).toContain(`nonce="${a}"`);
    expect(second.body).toContain(`nonce="${b}"`);

    const policy = directives(first.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual([`'nonce-${a}'`, "'strict-dynamic'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'ws://melon.example',
      'wss://melon.example',
    ]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('take no directive from a Host header, forged or not: the gateway is on the site origin', async () => {
    for (const host of [
      "evil.example; script-src 'unsafe-inline'",
      'a b',
      "x/'unsafe-eval'",
      'evil.example',
      '[::1]:3000',
    ]) {
      const page = await app.inject({ url: '/', headers: { host, 'x-forwarded-host': host } });
      expect(page.statusCode, host).toBe(200);
      const policy = directives(page.headers['content-security-policy']);
      expect(policy.get('connect-src'), host).toEqual([
        "'self'",
        'ws://melon.example',
        'wss://melon.example',
      ]);
      expect(policy.get('script-src'), host).toHaveLength(2);
    }
  });

  it('may be embedded anywhere under /iframe/ only', async () => {
    const embed = await app.inject({ url: '/iframe/1234567890123456789' });
    expect(directives(embed.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      '*',
    ]);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    const page = await app.inject({ url: '/iframe-lookalike' });
    expect(directives(page.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
  });

  it('are kept by no cache, documents and their data alike (each carries a CSRF token)', async () => {
    for (const url of ['/', '/channel/hot', '/_root.data', '/iframe/1234567890123456789']) {
      const response = await app.inject({ url });
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});

describe('the address a page is rendered at', () => {
  /** A server whose pages echo the address the web app was given. */
  async function echoing(origin: string) {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'melon-client-'));
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(cookie);
    await app.register(siteOrigin, { origin });
    await app.register(ssrRoutes, {
      build: { clientDir, render: (request) => Promise.resolve(new Response(request.url)) },
    });
    await app.ready();
    return app;
  }

  it('is on the site origin, whatever the Host header says (decisions 038, 067)', async () => {
    const app = await echoing('https://www.melon.example');
    const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const page = await app.inject({ url: '/channel/youxi?a=1', headers: hostile });
    expect(page.body).toBe('https://www.melon.example/channel/youxi?a=1');
    // Not even a Host header no browser sends is refused: it is never read.
    const odd = await app.inject({ url: '/channel/youxi', headers: { host: 'a b' } });
    expect(odd.body).toBe('https://www.melon.example/channel/youxi');
    await app.close();
  });
});
