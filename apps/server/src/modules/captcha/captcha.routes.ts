import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CaptchaChallenge } from '@melon/shared/contracts/passport';
import { envelopeOf, ok, RetryLaterEnvelope } from '../../http/envelope.ts';
import { formatWait } from '../../lib/format-wait.ts';
import { limitOrRetryLater, RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { captchaMessages } from './captcha.messages.ts';

export default function captchaRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Answered with a plain 429, never with a captcha: this call is how a captcha is solved.
  const limit = limitOrRetryLater(app, 'captcha.challenge', RATE_LIMITS.captchaChallenge, (s) =>
    captchaMessages.tooManyChallenges(formatWait(s)),
  );

  app.get(
    '/passport/web/captcha/challenge/',
    {
      onRequest: limit,
      schema: {
        tags: ['passport'],
        summary: '获取安全验证（ALTCHA 工作量证明）题目',
        response: { 200: envelopeOf(CaptchaChallenge), 429: RetryLaterEnvelope },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await app.captcha.challenge(Date.now()));
    },
  );
}
