import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import {
  emailRegister,
  passwordLogin,
  resetPassword,
  smsLogin,
} from '@melon/shared/calls/passport.calls';
import { route } from '../../plugins/app/call-route.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import type { Caller } from './sign-in-guard.ts';
import type { SignInService } from './sign-in.service.ts';

/** IPv6 addresses count by their /64, as the rate limits do: one host holds a whole /64. */
const callerOf = (request: FastifyRequest): Caller => ({
  ip: normalizeIP(request.ip),
  captchaWork: request.captchaWork,
});

export default function signInRoutes(
  app: FastifyInstance,
  { signIn }: { signIn: SignInService },
): void {
  /** Signs this browser in as the user (a fresh session) and answers the account. */
  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
  ): Promise<AccountInfo> {
    await app.startSession(request, reply, userId);
    return loadAccountInfo(app.db, userId);
  }

  route(app, smsLogin, async ({ mobile, code }, { request, reply }) => {
    const userId = await signIn.smsLogin(callerOf(request), mobile, code);
    return signedIn(request, reply, userId);
  });

  route(app, passwordLogin, async ({ account, password }, { request, reply }) => {
    const userId = await signIn.passwordLogin(callerOf(request), account, password);
    return signedIn(request, reply, userId);
  });

  route(app, emailRegister, async ({ email, code, password }, { request, reply }) => {
    const userId = await signIn.emailRegister(callerOf(request), email, code, password);
    return signedIn(request, reply, userId);
  });

  route(app, resetPassword, async ({ mobile, code, password }, { request, reply }) => {
    const userId = await signIn.resetPassword(callerOf(request), mobile, code, password);
    // The reset ended every session of the user: no process takes them any more.
    await app.forgetSessions({ userId });
    return signedIn(request, reply, userId);
  });
}
