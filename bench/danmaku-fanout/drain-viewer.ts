import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

/** How often the video page's live topic pings the gateway (live-topic.ts). */
const PAGE_PING_MS = 25_000;
const READ_BUFFER = Buffer.alloc(64 * 1024);

/**
 * A viewer that only reads: a WebSocket connection opened by hand, subscribed, then drained
 * without parsing a frame. Most of the bench's viewers are these, so the load processes spend
 * their CPU reading sockets like 2000 browsers would, not on parsing 200 000 frames a second;
 * a sample of full `ws` clients does the measuring.
 */
export function openDrainViewer(url: string, topic: string): Promise<{ close: () => void }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    // Reads land in one buffer shared by every drain viewer of the process: draining costs a
    // read call, not a new Buffer and its garbage for each of 2000 sockets at every flush.
    let onRead = (length: number) => {
      handshake(READ_BUFFER.toString('latin1', 0, length));
    };
    const socket = connect({
      port: Number(port),
      host: hostname,
      onread: {
        buffer: READ_BUFFER,
        callback: (length) => {
          onRead(length);
          return true; // keep reading
        },
      },
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    let seen = '';
    const handshake = (bytes: string) => {
      seen += bytes;
      if (seen.startsWith('HTTP/1.1 101') && seen.includes('\r\n\r\n') && !seen.includes('"sub')) {
        socket.write(maskedTextFrame(JSON.stringify({ op: 'sub', topic })));
        seen += '"sub';
      }
      if (seen.includes('"op":"subscribed"')) {
        onRead = () => undefined;
        // Any client message counts as alive for Melon's heartbeat; the drain never answers pings.
        // It pings as the page does (every 25 s, live-topic.ts), from a random moment on, since
        // 2000 browsers do not ping in step.
        let keepAlive: ReturnType<typeof setInterval> | undefined;
        const firstPing = setTimeout(() => {
          const ping = () => socket.write(maskedTextFrame('{"op":"ping"}'));
          ping();
          keepAlive = setInterval(ping, PAGE_PING_MS);
        }, Math.random() * PAGE_PING_MS);
        socket.once('close', () => {
          clearTimeout(firstPing);
          clearInterval(keepAlive);
        });
        resolve({ close: () => socket.destroy() });
      } else if (!seen.startsWith('HTTP/1.1 101') && seen.includes('\r\n')) {
        reject(new Error(`upgrade refused: ${seen.split('\r\n')[0] ?? ''}`));
      }
    };
  });
}

/** A client text frame: clients must mask (RFC 6455 §5.3); payloads here are under 126 bytes. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x81;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) {
    frame[6 + i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  }
  return frame;
}
