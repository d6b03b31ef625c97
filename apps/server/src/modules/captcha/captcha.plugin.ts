import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CAPTCHA_SOLUTION_HEADER } from '@melon/shared/api/constants';
import { captchaRequired } from '../../http/api-error.ts';
import { captchaMessages } from './captcha.messages.ts';
import { createCaptchaService, type CaptchaService } from './captcha.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
  interface FastifyRequest {
    /**
     * True when the request carried a solved captcha, now spent: it may pass what otherwise
     * asks for one (failed sign-ins, bursts over a rate limit).
     */
    captchaSolved: boolean;
    /** The work of the captcha the request solved (its ALTCHA `maxnumber`); 0 when none. */
    captchaWork: number;
  }
}

/**
 * Redeems the solution a retried request carries (SPEC §4). It runs after the anti-forgery
 * check, so a forged request never spends one; a bad solution asks for a new captcha.
 */
export default fp(
  (app: FastifyInstance, options: { secret: Buffer }) => {
    app.decorate('captcha', createCaptchaService({ db: app.db, secret: options.secret }));
    app.decorateRequest('captchaSolved', false);
    app.decorateRequest('captchaWork', 0);
    app.addHook('onRequest', async (request) => {
      const header = request.headers[CAPTCHA_SOLUTION_HEADER];
      if (header === undefined) return;
      const payload = Array.isArray(header) ? (header[0] ?? '') : header;
      const work = await app.captcha.redeem(payload, Date.now());
      if (work === undefined) throw captchaRequired(captchaMessages.invalidSolution);
      request.captchaSolved = true;
      request.captchaWork = work;
    });
  },
  { name: 'captcha', dependencies: ['database', 'identity'] },
);
