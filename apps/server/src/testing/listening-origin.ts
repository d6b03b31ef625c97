import { createServer } from 'node:net';

/**
 * An origin on 127.0.0.1 whose port no one listens on now, for a test app that must know its
 * site's origin (decision 067) before it listens there: the payment sandbox posts its notifies
 * to it, the WebSocket gateway admits pages of it.
 */
export async function freeLoopbackOrigin(): Promise<{ origin: string; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return { origin: `http://127.0.0.1:${address.port}`, port: address.port };
}
