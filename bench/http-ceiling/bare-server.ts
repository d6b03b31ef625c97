import Fastify from 'fastify';

/**
 * The ceiling: a bare Fastify route that answers with a fixed body, the same bytes the measured
 * endpoint answered with, so the comparison measures everything Melon does per request. The
 * body is encoded once, as Melon keeps its shared answers (decision 072): a string would be
 * encoded again on every send.
 */
const body = Buffer.from(process.env.BENCH_BODY ?? '{}');
const port = Number(process.env.PORT ?? 3301);
const app = Fastify({ logger: false });
app.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port, host: '127.0.0.1' });
