import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { limitOrCaptcha, RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import accountRoutes from './account.routes.ts';
import { passportFieldMessages } from './passport.messages.ts';
import sendCodeRoutes from './send-code.routes.ts';
import { createSendCodeService } from './send-code.service.ts';
import sessionsRoutes from './sessions.routes.ts';
import { createSignInGuard } from './sign-in-guard.ts';
import signInRoutes from './sign-in.routes.ts';
import { createSignInService } from './sign-in.service.ts';
import { createVerificationCodes } from './verification-code.service.ts';

/** The rate limit hook of each group of passport calls; a group shares one count per IP. */
export interface PassportLimits {
  signIn: onRequestAsyncHookHandler;
  sendCode: onRequestAsyncHookHandler;
  other: onRequestAsyncHookHandler;
}

/** The passport of the accounts issue, but scan-code and third-party sign-in. */
export default async function passportRoutes(
  app: FastifyInstance,
  options: { secret: Buffer },
): Promise<void> {
  app.setSchemaErrorFormatter(fieldMessageFormatter(passportFieldMessages));
  const limits: PassportLimits = {
    signIn: limitOrCaptcha(app, 'passport.sign-in', RATE_LIMITS.signIn),
    sendCode: limitOrCaptcha(app, 'passport.send-code', RATE_LIMITS.sendCode),
    other: limitOrCaptcha(app, 'passport.other', RATE_LIMITS.passport),
  };
  const codes = createVerificationCodes(app.db, app.newId, options.secret);
  const guard = createSignInGuard(app.db);

  await app.register(sendCodeRoutes, {
    limits,
    sendCode: createSendCodeService({ db: app.db, codes, messages: app.messages }),
  });
  await app.register(signInRoutes, {
    limits,
    signIn: createSignInService({ db: app.db, newId: app.newId, codes, guard }),
  });
  await app.register(accountRoutes, { limits });
  await app.register(sessionsRoutes, { limits });
}
