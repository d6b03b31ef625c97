import { normalizeIP } from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountInfo,
  EmailRegisterBody,
  PasswordLoginBody,
  PasswordResetBody,
  SmsLoginBody,
} from '@melon/shared/contracts/passport';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import type { PassportLimits } from './passport.routes.ts';
import type { Caller } from './sign-in-guard.ts';
import type { SignInService } from './sign-in.service.ts';

const responses = {
  200: envelopeOf(AccountInfo),
  400: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
};

/** IPv6 addresses count by their /64, as the rate limits do: one host holds a whole /64. */
const callerOf = (request: FastifyRequest): Caller => ({
  ip: normalizeIP(request.ip),
  captchaSolved: request.captchaSolved,
});

export default function signInRoutes(
  fastify: FastifyInstance,
  options: { limits: PassportLimits; signIn: SignInService },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { limits, signIn } = options;

  /** Signs this browser in as the user (a fresh session) and answers the account. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, userId: string) {
    await app.startSession(request, reply, userId);
    return ok(await loadAccountInfo(app.db, userId));
  }

  app.post(
    '/passport/web/sms_login/',
    {
      onRequest: limits.signIn,
      schema: {
        tags: ['passport'],
        summary: '短信验证码登录（首次登录即注册）',
        body: SmsLoginBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const { mobile, code } = request.body;
      return signedIn(request, reply, await signIn.smsLogin(callerOf(request), mobile, code));
    },
  );

  app.post(
    '/passport/web/user/login/',
    {
      onRequest: limits.signIn,
      schema: {
        tags: ['passport'],
        summary: '账号密码登录（手机号、邮箱或用户名）',
        body: PasswordLoginBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const { account, password } = request.body;
      const userId = await signIn.passwordLogin(callerOf(request), account, password);
      return signedIn(request, reply, userId);
    },
  );

  app.post(
    '/passport/web/email/register/',
    {
      onRequest: limits.signIn,
      schema: {
        tags: ['passport'],
        summary: '邮箱注册',
        body: EmailRegisterBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const { email, code, password } = request.body;
      const userId = await signIn.emailRegister(callerOf(request), email, code, password);
      return signedIn(request, reply, userId);
    },
  );

  app.post(
    '/passport/web/password/reset/',
    {
      onRequest: limits.signIn,
      schema: {
        tags: ['passport'],
        summary: '通过短信验证码重置密码（其他设备全部退出登录）',
        body: PasswordResetBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const { mobile, code, password } = request.body;
      const userId = await signIn.resetPassword(callerOf(request), mobile, code, password);
      return signedIn(request, reply, userId);
    },
  );
}
