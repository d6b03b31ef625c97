import type { FastifyInstance } from 'fastify';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { route } from '../../plugins/app/call-route.ts';

export default function captchaRoutes(app: FastifyInstance): void {
  route(app, getCaptchaChallenge, (_input, { reply }) => {
    reply.header('cache-control', 'no-store');
    return app.captcha.challenge(Date.now());
  });
}
