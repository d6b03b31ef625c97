import type { FastifyInstance } from 'fastify';
import { sendEmailCode, sendSmsCode } from '@melon/shared/calls/passport.calls';
import { route } from '../../plugins/app/call-route.ts';
import type { SendCodeService } from './send-code.service.ts';

export default function sendCodeRoutes(
  app: FastifyInstance,
  { sendCode }: { sendCode: SendCodeService },
): void {
  route(app, sendSmsCode, ({ mobile, type }) => sendCode.toMobile(mobile, type));
  route(app, sendEmailCode, ({ email, type }) => sendCode.toEmail(email, type));
}
