/**
 * The ceiling of bench/danmaku-fanout: a bare `ws` server that does only the fan-out. Every
 * message on the Redis channel BENCH_CHANNEL, or a POST to /send (turned into a danmaku frame of
 * the same shape Melon sends), is written to every subscriber: no database, no session, no
 * validation, no rooms, no limits.
 */
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';
import { sentDanmaku } from './sent-danmaku.ts';

const port = Number(process.env.PORT ?? 3312);
const subscribers = new Set<WebSocket>();
let nextId = 1_383_000_000_000_000_000n;

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/heap') {
    response.end(String(process.memoryUsage().heapUsed));
    return;
  }
  if (request.method !== 'POST' || request.url !== '/send') {
    response.writeHead(request.url === '/ready' ? 200 : 404).end();
    return;
  }
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    const { item_id, offset_ms, text } = JSON.parse(body) as {
      item_id: string;
      offset_ms: number;
      text: string;
    };
    nextId += 1n;
    const danmaku = sentDanmaku(nextId, item_id, offset_ms, text);
    const frame = Buffer.from(JSON.stringify({ op: 'danmaku', data: danmaku }));
    for (const socket of subscribers) socket.send(frame, { binary: false });
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(JSON.stringify({ code: 200, message: 'success', data: { danmaku } }));
  });
});

const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
wss.on('connection', (socket) => {
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { op: string; topic: string };
    if (message.op !== 'sub') return;
    subscribers.add(socket);
    socket.send(JSON.stringify({ op: 'subscribed', data: { topic: message.topic } }));
  });
  socket.on('close', () => subscribers.delete(socket));
});
const channel = process.env.BENCH_CHANNEL;
if (channel && process.env.REDIS_URL) {
  const redis = new Redis(process.env.REDIS_URL);
  await redis.subscribe(channel);
  redis.on('message', (_channel: string, message: string) => {
    const frame = Buffer.from(message);
    for (const socket of subscribers) socket.send(frame, { binary: false });
  });
}
server.listen(port, '127.0.0.1');
