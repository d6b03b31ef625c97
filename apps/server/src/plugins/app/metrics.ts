import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { OperatorEndpoints } from '../../settings.ts';
import { operatorOnly } from './operator-access.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/**
 * Prometheus metrics at /metrics: request counts and latency by route, plus process metrics.
 * Counted always; served to whom `operatorEndpoints` says (decision 024).
 */
export default fp(
  (app: FastifyInstance, options: { operatorEndpoints: OperatorEndpoints }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'melon_http_requests_total',
      help: 'HTTP requests by method, route and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'melon_http_request_duration_seconds',
      help: 'HTTP request latency by method and route',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    app.addHook('onResponse', async (request, reply) => {
      // Unmatched requests share one label so random paths cannot grow the series without bound.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: reply.statusCode });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    const mode = options.operatorEndpoints;
    if (mode === 'off') return;
    app.get(
      '/metrics',
      { schema: { hide: true }, onRequest: operatorOnly(mode) },
      async (_request, reply) => {
        reply.type(registry.contentType);
        return registry.metrics();
      },
    );
  },
  { name: 'metrics' },
);
