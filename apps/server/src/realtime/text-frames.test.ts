import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { encodeTextFrames } from './text-frames.ts';

it('writes frames a ws client reads back, at every length class', async () => {
  const messages = [0, 1, 125, 126, 65_535, 65_536, 200_000].map((n) =>
    Buffer.from(`${'字'.repeat(Math.floor(n / 3))}${'a'.repeat(n % 3)}`),
  );
  // ws completes the handshake; then the raw socket carries the encoded frames.
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer();
  server.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, () => {
      socket.write(encodeTextFrames(messages));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const received: string[] = [];
  await new Promise<void>((resolve) => {
    client.on('message', (data: Buffer, isBinary) => {
      expect(isBinary).toBe(false);
      received.push(data.toString('utf8'));
      if (received.length === messages.length) resolve();
    });
  });
  expect(received).toEqual(messages.map((m) => m.toString('utf8')));
  client.close();
  server.close();
});
