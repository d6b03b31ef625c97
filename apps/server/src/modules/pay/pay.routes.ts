import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  createOrder,
  getEpisodeProduct,
  getOrderList,
  getOrderStatus,
  getVipProducts,
} from '@melon/shared/calls/pay.calls';
import { route } from '../../plugins/app/call-route.ts';
import type { PaySettings } from '../../settings.ts';
import { startSweepTimer } from '../sweeps/sweep-timer.ts';
import payNotifyRoutes from './pay-notify.routes.ts';
import { createPayService } from './pay.service.ts';
import { createProviders } from './providers.ts';

const NO_PAY: PaySettings = { sandbox: false, alipay: undefined, reconcileIntervalMinutes: 0 };

/** This process's own address once it listens (a wildcard address reached on loopback). */
function listeningOrigin(app: FastifyInstance): string {
  const address: AddressInfo | string | null = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the server is not listening');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * Membership and payments (SPEC §7 Pay, decision 048): the five calls, the providers' notify
 * route, and the periodic reconciliation of unpaid orders while the server listens.
 */
export default async function payRoutes(
  app: FastifyInstance,
  options: { settings: PaySettings | undefined },
): Promise<void> {
  const settings = options.settings ?? NO_PAY;
  const providers = await createProviders({
    db: app.db,
    settings,
    selfOrigin: () => listeningOrigin(app),
  });
  const service = createPayService({
    db: app.db,
    newId: app.newId,
    log: app.log,
    now: Date.now,
    providers,
  });
  route(app, getVipProducts, (_input, { user }) => service.vipProducts(user?.id ?? null));

  // notify_url and return_url are on the site's origin (decision 067).
  route(app, createOrder, (input, { user }) => service.createOrder(user.id, input, app.siteOrigin));

  route(app, getOrderStatus, ({ order_id }, { user }) => service.orderStatus(user.id, order_id));

  route(app, getEpisodeProduct, ({ item_id }, { user }) =>
    service.episodeProduct(user.id, item_id),
  );

  route(app, getOrderList, ({ offset, count }, { user }) =>
    service.orderList(user.id, offset, count),
  );

  await app.register(payNotifyRoutes, {
    providers,
    deps: { db: app.db, newId: app.newId, log: app.log, now: Date.now },
  });

  if (providers.size > 0 && settings.reconcileIntervalMinutes > 0) {
    let timer: ReturnType<typeof startSweepTimer> | undefined;
    app.server.once('listening', () => {
      timer = startSweepTimer({
        sweep: async () => {
          await service.reconcileUnpaid();
        },
        intervalMs: settings.reconcileIntervalMinutes * 60_000,
        onError: (error) => {
          app.log.error({ err: error }, 'pay: reconciliation failed');
        },
      });
    });
    app.addHook('onClose', async () => {
      await timer?.stop();
    });
  }
}
