import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../http/api-error.ts';

/** The longest request line accepted; longer ones are refused before any route runs. */
export const MAX_URL_LENGTH = 4096;

export default fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.length > MAX_URL_LENGTH) {
        done(new ApiError(414, 414, `请求地址过长（最多 ${MAX_URL_LENGTH} 个字符）`));
        return;
      }
      done();
    });
  },
  { name: 'request-limits' },
);
