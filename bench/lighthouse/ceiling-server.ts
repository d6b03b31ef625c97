import { createServer, request as httpRequest } from 'node:http';
import { bareShakaPage, escapeHtml } from '../bare-shaka-page.ts';

/**
 * The ceilings of bench/lighthouse: a bare page — a title, the same cover image and a `<video>`
 * with that cover as its poster — at /__bench/ceiling; the same page playing the item's DASH
 * manifest with Shaka alone (the video page's Shaka file) at /__bench/ceiling-shaka; every other
 * path passed through to the Melon server, so the cover, Shaka and the media come from the same
 * server, at the same origin, as on Melon's own pages.
 *   PORT=3341 MELON_ORIGIN=http://127.0.0.1:3340 BENCH_TITLE=… BENCH_COVER=/… BENCH_MANIFEST=/…
 *   BENCH_SHAKA=/assets/… node ceiling-server.ts
 */
const port = Number(process.env.PORT ?? 3341);
const melon = process.env.MELON_ORIGIN ?? 'http://127.0.0.1:3340';
const title = process.env.BENCH_TITLE ?? '';
const cover = process.env.BENCH_COVER ?? '';
const manifest = process.env.BENCH_MANIFEST ?? '';
const shakaScript = process.env.BENCH_SHAKA ?? '';

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

/** The two ceilings: the page that does nothing, and the page that only plays the video. */
const CEILINGS = new Map([
  ['/__bench/ceiling', page],
  ['/__bench/ceiling-shaka', bareShakaPage({ manifest, shakaScript, title, poster: cover })],
]);

/** Request headers passed on: the browser's encodings and ranges (the media's partial reads). */
const FORWARDED = ['accept', 'accept-encoding', 'range', 'if-none-match', 'if-modified-since'];

createServer((request, response) => {
  const ceiling = CEILINGS.get(request.url ?? '');
  if (ceiling !== undefined) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(ceiling);
    return;
  }
  // The bytes as Melon sends them, compressed as it compresses them, headers and all.
  const headers = Object.fromEntries(
    FORWARDED.flatMap((name) => {
      const value = request.headers[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
  const upstream = httpRequest(
    `${melon}${request.url ?? '/'}`,
    { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => response.writeHead(502).end(String(error)));
  upstream.end();
}).listen(port, '127.0.0.1');
