import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OperatorEndpoints } from '../../settings.ts';
import { operatorOnly } from '../app/operator-access.ts';

/**
 * OpenAPI generated from the route schemas: /openapi.json, browsable at /docs/api, served to
 * whom `operatorEndpoints` says (decision 024). The document is built either way (app.swagger()).
 */
export default fp(
  async (app: FastifyInstance, options: { operatorEndpoints: OperatorEndpoints }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Melon API', description: '甜瓜视频 API', version: '0.1.0' },
      },
    });
    const mode = options.operatorEndpoints;
    if (mode === 'off') return;
    // One context for the UI (its pages, assets, json and yaml) and the document, one guard.
    await app.register(async (operators) => {
      operators.addHook('onRequest', operatorOnly(mode));
      await operators.register(swaggerUi, { routePrefix: '/docs/api' });
      operators.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    });
  },
  { name: 'openapi' },
);
