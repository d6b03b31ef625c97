import { getTimestamp } from '@melon/shared/calls/site-info.calls';
import { browserClient } from '~/lib/browser-client.ts';
import { CODEC_PROBES, type Diagnostics } from './diagnostics.ts';
import { debugMessages as t } from './messages.ts';

/** A check that has not answered in this time has failed. */
const PROBE_TIMEOUT_MS = 5000;

type MediaSourceClass = { isTypeSupported(type: string): boolean } | undefined;

export function probeMedia(): Diagnostics['media'] {
  const scope = window as unknown as Record<string, MediaSourceClass>;
  const source = scope.MediaSource ?? scope.ManagedMediaSource;
  return {
    mediaSource: scope.MediaSource !== undefined,
    managedMediaSource: scope.ManagedMediaSource !== undefined,
    codecs: CODEC_PROBES.map(({ name, type }) => ({
      name,
      supported: source?.isTypeSupported(type) ?? false,
    })),
  };
}

export async function probeServiceWorker(): Promise<Diagnostics['serviceWorker']> {
  if (!('serviceWorker' in navigator)) {
    return { supported: false, registrations: 0, controlled: false };
  }
  const registrations = await navigator.serviceWorker.getRegistrations();
  return {
    supported: true,
    registrations: registrations.length,
    controlled: navigator.serviceWorker.controller !== null,
  };
}

export async function probeStorage(): Promise<Diagnostics['storage']> {
  if (!('storage' in navigator) || typeof navigator.storage.estimate !== 'function') return null;
  const [estimate, persisted] = await Promise.all([
    navigator.storage.estimate(),
    navigator.storage.persisted(),
  ]);
  return { usageBytes: estimate.usage ?? 0, quotaBytes: estimate.quota ?? 0, persisted };
}

/** The server's clock against this one: the answer's time is taken as of the round trip's middle. */
export async function probeClock(): Promise<Diagnostics['clock']> {
  const sentAt = Date.now();
  const started = performance.now();
  try {
    const { timestamp_ms } = await browserClient().call(getTimestamp);
    const roundTripMs = performance.now() - started;
    return { skewMs: timestamp_ms - (sentAt + roundTripMs / 2), roundTripMs };
  } catch {
    return { error: t.failed };
  }
}

/** One ping through the /ws gateway and the time to its pong. */
export function probeSocket(url: string): Promise<Diagnostics['socket']> {
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      resolve({ error: t.failed });
      return;
    }
    let sentAt = 0;
    const finish = (result: Diagnostics['socket']) => {
      clearTimeout(timer);
      socket.close();
      resolve(result);
    };
    const timer = setTimeout(() => {
      finish({ error: t.timedOut });
    }, PROBE_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      sentAt = performance.now();
      socket.send(JSON.stringify({ op: 'ping' }));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data === 'string' && event.data.includes('"pong"')) {
        finish({ roundTripMs: performance.now() - sentAt });
      }
    });
    socket.addEventListener('error', () => {
      finish({ error: t.failed });
    });
  });
}

/** React Router's build manifest names the build (a hash that changes with every release). */
function buildId(): string | null {
  const manifest = (window as { __reactRouterManifest?: { version?: unknown } })
    .__reactRouterManifest;
  return typeof manifest?.version === 'string' ? manifest.version : null;
}

/** Runs every check; each ends in its answer or its error, none waits over 5 s. */
export async function collectDiagnostics(
  socketUrl: string,
  session: Diagnostics['session'],
): Promise<Diagnostics> {
  const [serviceWorker, storage, clock, socket] = await Promise.all([
    probeServiceWorker().catch(() => ({ supported: true, registrations: 0, controlled: false })),
    probeStorage().catch(() => null),
    probeClock(),
    probeSocket(socketUrl),
  ]);
  return {
    checkedAt: Date.now(),
    page: { address: location.href, build: buildId() },
    browser: {
      userAgent: navigator.userAgent,
      language: navigator.language,
      screen: `${screen.width}×${screen.height} @${devicePixelRatio}x`,
      online: navigator.onLine,
      cookies: navigator.cookieEnabled,
    },
    media: probeMedia(),
    serviceWorker,
    storage,
    clock,
    socket,
    session,
  };
}
