import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { LiveMessage } from './live-message.ts';
import { gatewayUrl, reconnectDelay, subscribeLiveTopic, type LiveTopic } from './live-topic.ts';

/** A real WebSocket server on a free port that records what clients send. */
async function gateway() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const frames: unknown[] = [];
  const waiting: { match: (frame: unknown) => boolean; resolve: () => void }[] = [];
  server.on('connection', (socket) => {
    socket.on('message', (data: Buffer) => {
      const frame: unknown = JSON.parse(data.toString('utf8'));
      frames.push(frame);
      for (const w of waiting.filter((entry) => entry.match(frame))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `ws://127.0.0.1:${port}/ws`,
    frames,
    /** Resolves once the frames received satisfy `done`. */
    until(done: (all: readonly unknown[]) => boolean): Promise<void> {
      if (done(frames)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push({ match: () => done(frames), resolve });
      });
    },
    /** Resolves with the connection once it has sent `count` subscriptions in all. */
    async subscribed(count: number): Promise<ServerSocket> {
      await this.until(
        (all) => all.filter((f) => (f as { op: string }).op === 'sub').length >= count,
      );
      return [...server.clients].at(-1) as ServerSocket;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

let topic: LiveTopic | undefined;
let server: Awaited<ReturnType<typeof gateway>> | undefined;
afterEach(async () => {
  topic?.close();
  for (const client of server?.server.clients ?? []) client.terminate();
  await server?.close();
});

describe('subscribeLiveTopic', () => {
  it('subscribes, delivers parsed frames and drops malformed ones', async () => {
    server = await gateway();
    const received: LiveMessage[] = [];
    let deliver: (() => void) | undefined;
    topic = subscribeLiveTopic({
      url: server.url,
      topic: 'danmaku:7000000000000000001',
      onMessage: (message) => {
        received.push(message);
        deliver?.();
      },
    });
    const socket = await server.subscribed(1);
    expect(server.frames).toEqual([{ op: 'sub', topic: 'danmaku:7000000000000000001' }]);
    const arrived = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    socket.send('not json');
    socket.send(JSON.stringify({ op: 'viewers', data: { item_id: '1', count: 3 } }));
    await arrived;
    expect(received).toEqual([{ op: 'viewers', data: { item_id: '1', count: 3 } }]);
  });

  it('subscribes again after the connection drops', async () => {
    server = await gateway();
    topic = subscribeLiveTopic({ url: server.url, topic: 'danmaku:2', onMessage: () => undefined });
    const first = await server.subscribed(1);
    first.terminate();
    await server.subscribed(2);
    expect(server.frames).toEqual([
      { op: 'sub', topic: 'danmaku:2' },
      { op: 'sub', topic: 'danmaku:2' },
    ]);
  });

  it('says when it is subscribed again after a drop, not the first time', async () => {
    server = await gateway();
    let reconnections = 0;
    topic = subscribeLiveTopic({
      url: server.url,
      topic: 'danmaku:4',
      onMessage: () => undefined,
      onReconnect: () => {
        reconnections += 1;
      },
    });
    const confirmed = () =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (reconnections > 0) {
            clearInterval(check);
            resolve();
          }
        }, 5);
      });
    const subscribed = JSON.stringify({ op: 'subscribed', data: { topic: 'danmaku:4' } });
    const first = await server.subscribed(1);
    first.send(subscribed);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reconnections).toBe(0);
    first.terminate();
    const second = await server.subscribed(2);
    // Not before the gateway confirms: a re-read then could miss what is sent meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reconnections).toBe(0);
    second.send(subscribed);
    await confirmed();
    expect(reconnections).toBe(1);
  });

  it('pings while connected', async () => {
    server = await gateway();
    topic = subscribeLiveTopic({
      url: server.url,
      topic: 'danmaku:3',
      onMessage: () => undefined,
      pingMs: 20,
    });
    await server.subscribed(1);
    await server.until((all) => all.some((f) => (f as { op: string }).op === 'ping'));
    expect(server.frames[0]).toEqual({ op: 'sub', topic: 'danmaku:3' });
  });
});

describe('reconnectDelay', () => {
  it('doubles from half a second up to 15 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
  });
});

describe('gatewayUrl', () => {
  it('follows the page scheme', () => {
    expect(gatewayUrl({ protocol: 'http:', host: '127.0.0.1:3210' })).toBe(
      'ws://127.0.0.1:3210/ws',
    );
    expect(gatewayUrl({ protocol: 'https:', host: 'melon.example' })).toBe(
      'wss://melon.example/ws',
    );
  });
});
