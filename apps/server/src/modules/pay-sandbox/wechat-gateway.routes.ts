import type { FastifyInstance, FastifyReply } from 'fastify';
import { cashierHtml, noticeHtml } from './cashier-page.ts';
import {
  createWechatSandbox,
  WECHAT_SANDBOX_BASE,
  WECHAT_SCAN_PATH,
  type SandboxAnswer,
} from './wechat-gateway.ts';

/*
 * The sandbox WeChat Pay's HTTP face (decision 049): the v3 API the adapter calls
 * (/pay-sandbox/wechat/v3/..., signed both ways, the body read as sent) and the scan page the
 * code_url opens, which plays the buyer's phone: the cashier with 确认付款 / 取消. These stand
 * for WeChat's servers and phone: no anti-forgery token (the scan page's form carries a token of
 * its own), registered only with the sandbox on.
 */

const TITLE = '微信支付';
const CONFIRM_PATH = `${WECHAT_SANDBOX_BASE}/confirm`;
const CANCEL_PATH = `${WECHAT_SANDBOX_BASE}/cancel`;
const hide = { schema: { hide: true }, config: { csrf: 'exempt' as const } };

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);

const send = (reply: FastifyReply, answer: SandboxAnswer) =>
  reply.code(answer.status).headers(answer.headers).send(answer.body);

/** A string field of a query or form (a repeated one counts as absent). */
const field = (fields: unknown, name: string): string => {
  const value =
    typeof fields === 'object' && fields !== null
      ? (fields as Record<string, unknown>)[name]
      : undefined;
  return typeof value === 'string' ? value : '';
};

const yuan = (fen: number) => (fen / 100).toFixed(2);

export default async function wechatGatewayRoutes(app: FastifyInstance): Promise<void> {
  const sandbox = await createWechatSandbox(app.db);
  // The signature covers the body as sent: this context reads JSON as text.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  /** The URL as the merchant signed it: from /v3 on, with its query. */
  const signedUrl = (url: string) => url.slice(WECHAT_SANDBOX_BASE.length);

  app.post(
    `${WECHAT_SANDBOX_BASE}/v3/pay/transactions/native`,
    { ...hide, bodyLimit: 16 * 1024 },
    async (request, reply) =>
      send(
        reply,
        await sandbox.nativePay(
          {
            authorization: request.headers.authorization,
            url: signedUrl(request.url),
            body: typeof request.body === 'string' ? request.body : '',
          },
          Date.now(),
        ),
      ),
  );

  app.get<{ Params: { outTradeNo: string } }>(
    `${WECHAT_SANDBOX_BASE}/v3/pay/transactions/out-trade-no/:outTradeNo`,
    hide,
    async (request, reply) =>
      send(
        reply,
        await sandbox.query(
          { authorization: request.headers.authorization, url: signedUrl(request.url), body: '' },
          request.params.outTradeNo,
          Date.now(),
        ),
      ),
  );

  /** The trade a scan page's query or form names, if its token is the code_url's. */
  async function scannedTrade(fields: unknown) {
    const outTradeNo = field(fields, 'out_trade_no');
    if (!outTradeNo || !sandbox.isConfirmToken(outTradeNo, field(fields, 'token')))
      return undefined;
    return sandbox.find(outTradeNo);
  }

  const expired = (reply: FastifyReply) =>
    html(reply, 200, noticeHtml(TITLE, '二维码已过期：订单已关闭，请回到商户页面重新下单。'));
  const refused = (reply: FastifyReply) =>
    html(reply, 403, noticeHtml(TITLE, '请求被拒绝：无效的二维码。'));

  app.get(WECHAT_SCAN_PATH, hide, async (request, reply) => {
    const trade = await scannedTrade(request.query);
    if (!trade) return refused(reply);
    if (trade.state === 'paid')
      return html(reply, 200, noticeHtml(TITLE, '该订单已支付，请回到商户页面查看。'));
    if (trade.state === 'closed' || trade.expires_at <= Date.now()) return expired(reply);
    return html(
      reply,
      200,
      cashierHtml({
        providerTitle: TITLE,
        subject: trade.subject,
        amountYuan: yuan(trade.amount_fen),
        confirmAction: CONFIRM_PATH,
        cancelAction: CANCEL_PATH,
        fields: { out_trade_no: trade.out_trade_no, token: field(request.query, 'token') },
      }),
    );
  });

  app.post(CONFIRM_PATH, hide, async (request, reply) => {
    const trade = await scannedTrade(request.body);
    if (!trade) return refused(reply);
    const now = Date.now();
    const paid = await sandbox.pay(trade.out_trade_no, now);
    if (!paid) {
      const current = await sandbox.find(trade.out_trade_no);
      if (current?.state !== 'paid') return expired(reply);
      return html(reply, 200, noticeHtml(TITLE, '该订单已支付，请回到商户页面查看。'));
    }
    // WeChat notifies the merchant's server on its own; the sandbox does so before answering
    // the phone, so the merchant's page usually finds the order granted when it next looks.
    try {
      await sandbox.deliver(paid, sandbox.notify(paid, now));
    } catch (error) {
      request.log.warn({ err: error }, 'pay sandbox: the WeChat Pay notify was not delivered');
    }
    return html(
      reply,
      200,
      noticeHtml(TITLE, `支付成功：¥${yuan(paid.amount_fen)}。请回到商户页面查看订单。`),
    );
  });

  // Cancelling on the phone leaves the trade unpaid, as WeChat does; the order may still be paid.
  app.post(CANCEL_PATH, hide, async (request, reply) => {
    const trade = await scannedTrade(request.body);
    if (!trade) return refused(reply);
    return html(
      reply,
      200,
      noticeHtml(TITLE, '已取消支付。订单仍可在有效期内支付，请回到商户页面。'),
    );
  });
}
