import type { FastifyInstance } from 'fastify';
import { exchangeVipCode } from '@melon/shared/calls/vip.calls';
import { route } from '../../plugins/app/call-route.ts';
import { limitOfBucket } from '../../plugins/app/rate-limits.ts';
import { createVipCodeService } from './vip-codes.service.ts';

/** Membership redeem codes (decision 052): counted per user (the call's bucket) and per address. */
export default function vipCodeRoutes(app: FastifyInstance): void {
  const service = createVipCodeService({ db: app.db });

  route(app, exchangeVipCode, ({ code }, { user }) => service.redeem(user.id, code, Date.now()), {
    onRequest: limitOfBucket(app, 'vipCodeAddress'),
  });
}
