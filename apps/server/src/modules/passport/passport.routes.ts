import type { FastifyInstance } from 'fastify';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { passportFieldMessages } from './passport.messages.ts';
import sendCodeRoutes from './send-code.routes.ts';
import { createSendCodeService } from './send-code.service.ts';
import { createSignInGuard } from './sign-in-guard.ts';
import signInRoutes from './sign-in.routes.ts';
import { createSignInService } from './sign-in.service.ts';
import { createVerificationCodes, type CodeSenderOptions } from './verification-code.service.ts';

/** The passport: sign-in, registration and their one-time codes. */
export default async function passportRoutes(
  app: FastifyInstance,
  options: CodeSenderOptions,
): Promise<void> {
  app.setSchemaErrorFormatter(fieldMessageFormatter(passportFieldMessages));
  const codes = createVerificationCodes({
    db: app.db,
    newId: app.newId,
    secret: options.secret,
    resendIntervalMs: options.codeResendIntervalMs,
  });
  const guard = createSignInGuard({ db: app.db });

  await app.register(sendCodeRoutes, {
    sendCode: createSendCodeService({ db: app.db, codes, messages: app.messages }),
  });
  await app.register(signInRoutes, {
    signIn: createSignInService({ db: app.db, newId: app.newId, codes, guard }),
  });
}
