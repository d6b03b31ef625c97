import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
