import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/domain-error.ts';
import { payMessages as t } from './pay.messages.ts';
import { applyPayment, type OrderDeps, type PaymentOutcome } from './pay.orders.ts';
import { isProviderName, type Providers } from './providers.ts';

/** A notify is a small form or JSON document; anything larger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/** Outcomes the provider is told `success` for: it need not send the notify again. */
const ACCEPTED: ReadonlySet<PaymentOutcome> = new Set(['granted', 'duplicate', 'not_paid']);

/**
 * The providers' asynchronous notifies (decision 048): POST /api/pay/notify/<provider>, the body
 * kept raw for the signature, answered in the provider's protocol. A provider's server sends
 * them, with no cookie or anti-forgery token: the route is exempt from that check, and the
 * provider's signature is what is checked instead.
 */
export default function payNotifyRoutes(
  app: FastifyInstance,
  options: { providers: Providers; deps: OrderDeps },
): void {
  const { providers, deps } = options;
  // This context alone reads every body as bytes: verification needs them as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post<{ Params: { provider: string } }>(
    '/api/pay/notify/:provider',
    { schema: { hide: true }, config: { csrf: 'exempt' }, bodyLimit: NOTIFY_BODY_LIMIT },
    async (request, reply) => {
      const name = request.params.provider;
      const provider = isProviderName(name) ? providers.get(name) : undefined;
      if (!provider || !isProviderName(name)) throw notFound(t.unknownProvider);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let accepted: boolean;
      try {
        const payment = await provider.verifyNotify({ headers: request.headers, rawBody });
        accepted = ACCEPTED.has(await applyPayment(deps, name, payment));
      } catch (error) {
        // Anyone can post here: what fails verification goes to the process log only, so a
        // flood of forgeries writes no rows. Verified refusals (a mismatch, an unknown order)
        // are recorded by applyPayment, as only the provider can send those.
        const detail = error instanceof Error ? error.message : String(error);
        deps.log.warn({ provider: name, detail }, 'pay: notify refused');
        accepted = false;
      }
      const answer = provider.notifyAnswer(accepted);
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  );
}
