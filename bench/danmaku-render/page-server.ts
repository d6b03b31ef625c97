import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const pageDir = fileURLToPath(new URL('page', import.meta.url));
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

export interface PageServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Bundles the trial page (both engines) and serves it on loopback until closed. */
export async function servePage(): Promise<PageServer> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'melon-danmaku-bench-'));
  await build({
    configFile: false,
    root: pageDir,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2023' },
  });
  const server = createServer((request, response) => {
    const name = path.normalize(new URL(request.url ?? '/', 'http://x').pathname).slice(1);
    readFile(path.join(outDir, name === '' ? 'index.html' : name)).then(
      (body) => {
        response.writeHead(200, { 'content-type': types[path.extname(name || '.html')] ?? '' });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
