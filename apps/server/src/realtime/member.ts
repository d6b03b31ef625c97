import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import { WS_CLOSE } from '@melon/shared/contracts/realtime';

/** How long a dropped client gets for its close frame before the socket is cut. */
const CLOSE_GRACE_MS = 1000;

/**
 * One connected client: the topics it listens to, whether it answered the last ping, and the
 * one way anything is sent to it, which drops a client that stopped reading (its queue past
 * `maxBufferedBytes`) rather than buffering without bound.
 */
export class Member {
  readonly topics = new Set<string>();
  alive = true;
  /** Who opened the socket (signed in through its cookie at the upgrade); null for a visitor. */
  readonly viewerId: string | null;
  readonly #socket: WebSocket;
  /** The TCP connection under the WebSocket, for frames encoded once for a whole room. */
  readonly #connection: Socket;
  readonly #maxBufferedBytes: number;

  constructor(
    socket: WebSocket,
    connection: Socket,
    maxBufferedBytes: number,
    viewerId: string | null,
  ) {
    this.#socket = socket;
    this.#connection = connection;
    this.#maxBufferedBytes = maxBufferedBytes;
    this.viewerId = viewerId;
  }

  get open(): boolean {
    return this.#socket.readyState === WebSocket.OPEN;
  }

  /** Sends one message of its own (an answer) as a text frame. */
  deliver(data: string): void {
    if (this.#keepsUp()) this.#socket.send(data, { binary: false });
  }

  /**
   * Writes frames already encoded (`encodeTextFrames`) straight to the connection: the same
   * bytes for every member of a room, one write per member per flush. ws writes its own frames
   * synchronously too (no compression), so frames never interleave.
   */
  deliverFrames(frames: Buffer): void {
    if (this.#keepsUp()) this.#connection.write(frames);
  }

  /** Open and reading: false, and dropped, once its queue passed the limit. */
  #keepsUp(): boolean {
    if (!this.open) return false;
    if (this.#socket.bufferedAmount <= this.#maxBufferedBytes) return true;
    this.#drop();
    return false;
  }

  /** Pings, or cuts a client that did not answer the previous ping. */
  heartbeat(): void {
    if (!this.alive) {
      this.#socket.terminate();
      return;
    }
    this.alive = false;
    if (this.open) this.#socket.ping();
  }

  /** Closes with the code, and cuts the connection if the client does not answer in time. */
  close(code: number, reason: string): void {
    if (!this.open) return;
    this.#socket.close(code, reason);
    setTimeout(() => {
      this.#socket.terminate();
    }, CLOSE_GRACE_MS).unref();
  }

  #drop(): void {
    this.close(WS_CLOSE.tooSlow, 'too slow');
  }
}
