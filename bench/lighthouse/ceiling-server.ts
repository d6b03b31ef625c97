import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * The ceiling of bench/lighthouse: a bare page — a title, the same cover image and a `<video>`
 * with that cover as its poster — and every other path passed through to the Melon server, so
 * the cover comes from the same server, at the same origin, as on Melon's own pages.
 *   PORT=3341 MELON_ORIGIN=http://127.0.0.1:3340 BENCH_TITLE=… BENCH_COVER=/… node ceiling-server.ts
 */
const port = Number(process.env.PORT ?? 3341);
const melon = process.env.MELON_ORIGIN ?? 'http://127.0.0.1:3340';
const title = process.env.BENCH_TITLE ?? '';
const cover = process.env.BENCH_COVER ?? '';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const page = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${escapeHtml(title)}">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;font-family:sans-serif">
<video controls playsinline preload="none" width="1280" height="720" poster="${escapeHtml(cover)}"
  style="display:block;width:100%;height:auto;background:#000"></video>
<h1 style="margin:12px;font-size:18px">${escapeHtml(title)}</h1>
</body>
</html>
`;

/** Response headers passed through (fetch has decoded the body, so no length or encoding). */
const PASSED = ['content-type', 'cache-control', 'etag', 'last-modified'];

createServer((request, response) => {
  if (request.url === '/__bench/ceiling') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
    return;
  }
  fetch(`${melon}${request.url ?? '/'}`, { method: request.method === 'HEAD' ? 'HEAD' : 'GET' })
    .then((answer) => {
      const headers = Object.fromEntries(
        PASSED.flatMap((name) => {
          const value = answer.headers.get(name);
          return value === null ? [] : [[name, value]];
        }),
      );
      response.writeHead(answer.status, headers);
      if (!answer.body) {
        response.end();
        return;
      }
      Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>).pipe(response);
    })
    .catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
}).listen(port, '127.0.0.1');
