import { parseLiveMessage, type TopicMessage } from './live-message.ts';

export interface LiveTopicOptions {
  /** The gateway, e.g. ws://host/ws. */
  url: string;
  topic: string;
  /** Every frame but the subscription's own confirmation. */
  onMessage: (message: TopicMessage) => void;
  /**
   * Called when the topic is subscribed again after a drop (the gateway said `subscribed`):
   * whatever was published meanwhile was missed and must be read again through the list call.
   */
  onReconnect?: () => void;
  /** The browser's WebSocket unless given. */
  WebSocket?: typeof WebSocket;
  /** Keep-alive interval; default 25 s, under common proxy idle timeouts. */
  pingMs?: number;
}

export interface LiveTopic {
  close(): void;
}

/** Reconnect delays: 0.5 s doubling to 15 s, and back to the start once a connection opens. */
export function reconnectDelay(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
}

/** The gateway address for a page served from `location`. */
export function gatewayUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * Stays subscribed to one topic of the gateway: subscribes on every (re)connection (and says
 * when it reconnected), reconnects with backoff after a drop and pings to keep idle connections
 * open. Frames it cannot parse are dropped.
 */
export function subscribeLiveTopic(options: LiveTopicOptions): LiveTopic {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const pingMs = options.pingMs ?? 25_000;
  let socket: WebSocket | undefined;
  let attempt = 0;
  let subscribedBefore = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  function connect(): void {
    const current = new Socket(options.url);
    socket = current;
    current.addEventListener('open', () => {
      attempt = 0;
      current.send(JSON.stringify({ op: 'sub', topic: options.topic }));
      ping = setInterval(() => {
        if (current.readyState === current.OPEN) current.send(JSON.stringify({ op: 'ping' }));
      }, pingMs);
    });
    current.addEventListener('message', (event: MessageEvent) => {
      const message = parseLiveMessage(event.data);
      if (!message) return;
      if (message.op === 'subscribed') {
        if (message.data.topic !== options.topic) return;
        if (subscribedBefore) options.onReconnect?.();
        subscribedBefore = true;
        return;
      }
      options.onMessage(message);
    });
    current.addEventListener('close', () => {
      clearInterval(ping);
      if (closed || socket !== current) return;
      retry = setTimeout(connect, reconnectDelay(attempt++));
    });
  }

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    },
  };
}
