import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CodeSent, SendEmailCodeBody, SendSmsCodeBody } from '@melon/shared/contracts/passport';
import { envelopeOf, ErrorEnvelope, ok, RetryLaterEnvelope } from '../../http/envelope.ts';
import type { PassportLimits } from './passport.routes.ts';
import type { SendCodeService } from './send-code.service.ts';

const responses = {
  200: envelopeOf(CodeSent),
  400: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  429: RetryLaterEnvelope,
};

export default function sendCodeRoutes(
  fastify: FastifyInstance,
  options: { limits: PassportLimits; sendCode: SendCodeService },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { limits, sendCode } = options;

  app.post(
    '/passport/web/send_code/',
    {
      onRequest: limits.sendCode,
      schema: {
        tags: ['passport'],
        summary: '发送短信验证码（登录、注册、重置密码）',
        body: SendSmsCodeBody,
        response: responses,
      },
    },
    async (request) => ok(await sendCode.toMobile(request.body.mobile, request.body.type)),
  );

  app.post(
    '/passport/web/email/send_code/',
    {
      onRequest: limits.sendCode,
      schema: {
        tags: ['passport'],
        summary: '发送邮箱验证码（注册）',
        body: SendEmailCodeBody,
        response: responses,
      },
    },
    async (request) => ok(await sendCode.toEmail(request.body.email, request.body.type)),
  );
}
