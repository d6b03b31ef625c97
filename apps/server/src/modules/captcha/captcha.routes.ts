import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { route } from '../../plugins/app/call-route.ts';
import { captchaWorkForIp } from '../passport/sign-in-guard.ts';

export default function captchaRoutes(app: FastifyInstance): void {
  route(app, getCaptchaChallenge, async (_input, { request, reply }) => {
    reply.header('cache-control', 'no-store');
    const now = Date.now();
    // Harder the more sign-ins failed from this address (IPv6 by /64, as the counters count).
    const work = await captchaWorkForIp(app.db, normalizeIP(request.ip), now);
    return app.captcha.challenge(now, work);
  });
}
