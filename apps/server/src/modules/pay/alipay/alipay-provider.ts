import { AlipaySdk } from 'alipay-sdk';
import type {
  NotifyAnswer,
  PaymentProvider,
  ProviderOrder,
  ProviderPayment,
  RawNotify,
} from '../payment-provider.ts';
import {
  beijingTime,
  fenOf,
  parseBeijingTime,
  privateKeyPem,
  publicKeyPem,
  yuanOf,
} from '../../../lib/alipay-format.ts';

/*
 * The Alipay adapter (decision 048), keeping Alipay's protocol through its SDK (`alipay-sdk`):
 * the computer-site payment alipay.trade.page.pay as a GET to the gateway signed RSA2 over the
 * sorted parameters with the application's private key; the asynchronous notify verified with
 * Alipay's public key over the sorted parameters but sign and sign_type (checkNotifySignV2, on
 * the values as posted), its app_id checked; alipay.trade.query signed the same way, its signed
 * answer verified. Live it talks to openapi.alipay.com; in the sandbox to Melon's own gateway.
 */

export interface AlipayAdapterConfig {
  appId: string;
  /** The application's private key, PEM or bare base64. */
  privateKey: string;
  /** Alipay's public key, PEM or bare base64. */
  alipayPublicKey: string;
  /** The gateway for server-to-server calls (trade query). */
  gateway: () => string;
  /**
   * The gateway the buyer's browser goes to, from the site's origin; the server gateway when
   * left out. The sandbox's is on the site's own origin as the browser sees it.
   */
  browserGateway?: (siteOrigin: string) => string;
}

/** Alipay's trade states, as the core names them. */
const STATES: Readonly<Record<string, ProviderPayment['state']>> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/** A notify or answer the adapter will not take: a bad signature, another app, a bad field. */
export class AlipayRefusal extends Error {
  override name = 'AlipayRefusal';
}

const answer = (body: 'success' | 'failure'): NotifyAnswer => ({
  status: 200,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/** The fields of a notify's form body (application/x-www-form-urlencoded, UTF-8). */
function formFields(rawBody: Buffer): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
}

/** The core's view of an Alipay trade, from a notify or a query answer. */
function paymentOf(fields: Readonly<Record<string, unknown>>): ProviderPayment {
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === 'string' ? value : '';
  };
  const state = STATES[text('trade_status')];
  const amountFen = fenOf(text('total_amount'));
  if (!text('out_trade_no') || !text('trade_no') || !state || amountFen === null) {
    throw new AlipayRefusal('incomplete trade');
  }
  return {
    outTradeNo: text('out_trade_no'),
    providerTradeNo: text('trade_no'),
    state,
    amountFen,
    // Domestic trades carry no currency: they are in yuan. A cross-border one names its own.
    currency: text('trans_currency') || 'CNY',
    paidAt:
      state === 'paid' ? parseBeijingTime(text('gmt_payment') || text('send_pay_date')) : null,
  };
}

export function createAlipayProvider(config: AlipayAdapterConfig): PaymentProvider {
  const keys = {
    privateKey: privateKeyPem(config.privateKey),
    alipayPublicKey: publicKeyPem(config.alipayPublicKey),
  };
  const sdkFor = (gateway: string) =>
    new AlipaySdk({
      appId: config.appId,
      ...keys,
      keyType: 'PKCS8',
      signType: 'RSA2',
      gateway,
      camelcase: false,
      timeout: 5000,
    });
  // Verifying a notify reads the keys only, never the gateway.
  const verifier = sdkFor('https://openapi.alipay.com/gateway.do');
  let serverSdk: { gateway: string; sdk: AlipaySdk } | undefined;
  const server = () => {
    const gateway = config.gateway();
    if (serverSdk?.gateway !== gateway) serverSdk = { gateway, sdk: sdkFor(gateway) };
    return serverSdk.sdk;
  };

  return {
    name: 'alipay',

    createPayment(order: ProviderOrder) {
      const siteOrigin = new URL(order.returnUrl).origin;
      const gateway = config.browserGateway?.(siteOrigin) ?? config.gateway();
      const payUrl = sdkFor(gateway).pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: order.outTradeNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: yuanOf(order.amountFen),
          subject: order.subject,
          time_expire: beijingTime(order.expiresAt),
        },
        notify_url: order.notifyUrl,
        return_url: order.returnUrl,
      });
      return Promise.resolve({ payUrl });
    },

    verifyNotify(notify: RawNotify) {
      const fields = formFields(notify.rawBody);
      if (!verifier.checkNotifySignV2(fields)) {
        return Promise.reject(new AlipayRefusal('bad signature'));
      }
      if (fields.app_id !== config.appId) {
        return Promise.reject(new AlipayRefusal(`notify for another app ${fields.app_id ?? ''}`));
      }
      return Promise.resolve(paymentOf(fields));
    },

    notifyAnswer: (accepted) => answer(accepted ? 'success' : 'failure'),

    async queryPayment(outTradeNo: string) {
      const result = await server().exec(
        'alipay.trade.query',
        { bizContent: { out_trade_no: outTradeNo } },
        { validateSign: true },
      );
      if (result.code === '40004' && result.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
      if (result.code !== '10000') {
        throw new AlipayRefusal(`trade query ${result.code} ${result.sub_code ?? ''}`);
      }
      const payment = paymentOf(result);
      if (payment.outTradeNo !== outTradeNo) {
        throw new AlipayRefusal('trade query answered another order');
      }
      return payment;
    },
  };
}
