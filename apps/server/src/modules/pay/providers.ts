import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { PaySettings } from '../../settings.ts';
import { alipayProvider } from './alipay/alipay-factory.ts';
import type { PaymentProvider, PaymentProviderName } from './payment-provider.ts';
import { wechatProvider } from './wechat/wechat-factory.ts';

/*
 * The registry of payment providers (decision 048): the core finds an order's provider here by
 * name, and nowhere else knows which providers exist.
 *
 * To add a provider: write its adapter under modules/pay/<name>/ implementing PaymentProvider
 * (payment-provider.ts) and a ProviderFactory beside it that answers the live adapter from its
 * settings (settings.ts `pay.<name>`), the adapter pointed at its sandbox gateway when
 * `context.settings.sandbox` is on (the gateway itself in modules/pay-sandbox/, registered in
 * pay-sandbox.plugin.ts), or undefined when neither is configured; then add its name to
 * PaymentProviderName and its factory to FACTORIES below. The notify route
 * (/api/pay/notify/<name>) and reconciliation come with the registry.
 */

export interface ProviderContext {
  db: Kysely<Database>;
  settings: PaySettings;
  /**
   * This process's own address, e.g. http://127.0.0.1:3000, known once it listens: where a
   * sandbox adapter reaches its gateway server to server.
   */
  selfOrigin: () => string;
}

/** A provider's adapter as configured, or undefined when it has neither keys nor sandbox. */
export type ProviderFactory = (context: ProviderContext) => Promise<PaymentProvider | undefined>;

const FACTORIES: Partial<Record<PaymentProviderName, ProviderFactory>> = {
  alipay: alipayProvider,
  wechat: wechatProvider,
};

export type Providers = ReadonlyMap<PaymentProviderName, PaymentProvider>;

/** The configured providers, by name: an empty map when nothing can be bought. */
export async function createProviders(context: ProviderContext): Promise<Providers> {
  const providers = new Map<PaymentProviderName, PaymentProvider>();
  for (const [name, factory] of Object.entries(FACTORIES) as [
    PaymentProviderName,
    ProviderFactory,
  ][]) {
    const provider = await factory(context);
    if (provider) providers.set(name, provider);
  }
  return providers;
}

/** Whether `name` is a provider Melon knows (configured or not). */
export const isProviderName = (name: string): name is PaymentProviderName =>
  Object.hasOwn(FACTORIES, name);
