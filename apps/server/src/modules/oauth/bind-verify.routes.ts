import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import {
  confirmBindVerification,
  getBindVerification,
  sendBindVerificationCode,
} from '@melon/shared/calls/oauth.calls';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { maskMobile } from '../account/account.presenter.ts';
import { passportFieldMessages } from '../passport/passport.messages.ts';
import { createSendCodeService } from '../passport/send-code.service.ts';
import { createSignInGuard } from '../passport/sign-in-guard.ts';
import { createSignInService } from '../passport/sign-in.service.ts';
import {
  createVerificationCodes,
  type CodeSenderOptions,
} from '../passport/verification-code.service.ts';
import {
  CONFLICT_COOKIE,
  CONFLICT_COOKIE_PATH,
  CONFLICT_TTL_MS,
  conflictSealer,
  sealedCookieOptions,
  VERIFY_COOKIE,
  VERIFY_COOKIE_PATH,
  verificationSealer,
} from './oauth-cookies.ts';
import { oauthMessages } from './oauth.messages.ts';
import { BIND_CONFLICT_PAGE } from './oauth.routes.ts';
import { createOauthService } from './oauth.service.ts';

/**
 * The SMS check between a third-party callback and binding to the account that owns the
 * platform account's mobile number: the code goes to that number, and it is checked as an SMS
 * sign-in is (same limits, failure counters and captcha), since holding the number is exactly
 * what an SMS sign-in as its owner takes.
 */
export default function bindVerifyRoutes(app: FastifyInstance, options: CodeSenderOptions): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(passportFieldMessages));
  const oauth = createOauthService({ db: app.db, newId: app.newId });
  const verifications = verificationSealer(options.secret);
  const conflicts = conflictSealer(options.secret);
  const codes = createVerificationCodes({
    db: app.db,
    newId: app.newId,
    secret: options.secret,
    resendIntervalMs: options.codeResendIntervalMs,
  });
  const sendCode = createSendCodeService({ db: app.db, codes, messages: app.messages });
  const signIn = createSignInService({
    db: app.db,
    newId: app.newId,
    codes,
    guard: createSignInGuard({ db: app.db }),
  });

  const pendingOf = (cookies: Record<string, string | undefined>, webId: string) => {
    const pending = verifications.open(cookies[VERIFY_COOKIE], webId);
    if (!pending) throw notFound(oauthMessages.noVerification);
    return pending;
  };

  route(app, getBindVerification, (_input, { request, reply }) => {
    const pending = pendingOf(request.cookies, request.webId);
    reply.header('cache-control', 'no-store');
    return {
      platform: pending.platform,
      incoming_name: pending.incomingName,
      mobile: maskMobile(pending.mobile),
    };
  });

  route(app, sendBindVerificationCode, (_input, { request }) =>
    sendCode.toMobile(pendingOf(request.cookies, request.webId).mobile, 'login'),
  );

  route(app, confirmBindVerification, async ({ code }, { request, reply }) => {
    const pending = pendingOf(request.cookies, request.webId);
    const caller = { ip: normalizeIP(request.ip), captchaWork: request.captchaWork };
    // A wrong code leaves the pending sign-in for another try, as the SMS sign-in does.
    const owner = await signIn.smsLogin(caller, pending.mobile, code);
    reply.clearCookie(VERIFY_COOKIE, { path: VERIFY_COOKIE_PATH });
    if (owner !== pending.userId) throw conflict(oauthMessages.mobileMoved);
    const outcome = await oauth.verified(pending);
    if (outcome.kind === 'conflict') {
      reply.setCookie(
        CONFLICT_COOKIE,
        conflicts.seal(outcome.conflict, request.webId, CONFLICT_TTL_MS),
        sealedCookieOptions(request, CONFLICT_COOKIE_PATH, CONFLICT_TTL_MS),
      );
      return { signed_in: false, next: BIND_CONFLICT_PAGE };
    }
    await app.startSession(request, reply, pending.userId);
    return { signed_in: true, next: pending.service };
  });
}
