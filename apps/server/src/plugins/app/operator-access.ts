import { BlockList, isIP } from 'node:net';
import type { onRequestAsyncHookHandler } from 'fastify';
import { notFound } from '../../lib/domain-error.ts';
import type { OperatorEndpoints } from '../../settings.ts';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The onRequest hook of an operators' endpoint (metrics, the API document). `loopback` answers
 * only a client on this host — `request.ip`, so behind a trusted proxy the forwarded client, not
 * the proxy — and anyone else gets the same 404 as a path that does not exist.
 */
export function operatorOnly(mode: Exclude<OperatorEndpoints, 'off'>): onRequestAsyncHookHandler {
  return (request) =>
    mode === 'loopback' && !isLoopback(request.ip)
      ? Promise.reject(notFound('页面不存在'))
      : Promise.resolve();
}
