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
  readonly #socket: WebSocket;
  readonly #maxBufferedBytes: number;

  constructor(socket: WebSocket, maxBufferedBytes: number) {
    this.#socket = socket;
    this.#maxBufferedBytes = maxBufferedBytes;
  }

  get open(): boolean {
    return this.#socket.readyState === WebSocket.OPEN;
  }

  /** Sends one text frame; the same Buffer goes to every member of a room. */
  deliver(data: Buffer | string): void {
    if (!this.open) return;
    if (this.#socket.bufferedAmount > this.#maxBufferedBytes) {
      this.#drop();
      return;
    }
    this.#socket.send(data, { binary: false });
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

  #drop(): void {
    this.#socket.close(WS_CLOSE.tooSlow, 'too slow');
    setTimeout(() => {
      this.#socket.terminate();
    }, CLOSE_GRACE_MS).unref();
  }
}
