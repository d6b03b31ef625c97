import type { FastifyInstance, FastifyReply } from 'fastify';
import { yuanOf } from '../../lib/alipay-format.ts';
import { ALIPAY_SANDBOX_GATEWAY_PATH, createAlipaySandbox } from './alipay-gateway.ts';
import { cashierHtml, noticeHtml } from './cashier-page.ts';

/*
 * The sandbox Alipay's HTTP face (decision 048): the gateway (page pay shows the cashier;
 * alipay.trade.query answers signed JSON) and the cashier's two buttons. These stand for
 * Alipay's servers: they carry no anti-forgery token (the cashier's form carries a token of
 * its own) and are registered only with the sandbox on.
 */

const CONFIRM_PATH = '/pay-sandbox/alipay/confirm';
const CANCEL_PATH = '/pay-sandbox/alipay/cancel';
const TITLE = '支付宝';
const hide = { schema: { hide: true }, config: { csrf: 'exempt' as const } };

/** The string fields of a query or form (a repeated field counts as absent). */
function stringFields(...parts: unknown[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of parts) {
    if (typeof part !== 'object' || part === null) continue;
    for (const [key, value] of Object.entries(part)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  return fields;
}

/** A page of the gateway: as Alipay's, a refusal is a page too (HTTP 200). */
const html = (reply: FastifyReply, body: string) =>
  reply.type('text/html; charset=utf-8').send(body);

export default async function alipayGatewayRoutes(app: FastifyInstance): Promise<void> {
  const sandbox = await createAlipaySandbox(app.db);

  async function pagePay(params: Record<string, string>, reply: FastifyReply) {
    const now = Date.now();
    const trade = await sandbox.openPageTrade(params, now);
    if (!trade) return html(reply, noticeHtml(TITLE, '请求被拒绝：缺少订单号、金额或回调地址。'));
    if (trade.state === 'paid') {
      return html(reply, noticeHtml(TITLE, '该订单已支付。', sandbox.returnUrl(trade, now)));
    }
    if (trade.state === 'closed' || trade.expires_at <= now) {
      return html(reply, noticeHtml(TITLE, '交易已关闭：订单已超时。', trade.return_url));
    }
    const fields = {
      out_trade_no: trade.out_trade_no,
      token: sandbox.confirmToken(trade.out_trade_no),
    };
    return html(
      reply,
      cashierHtml({
        providerTitle: TITLE,
        subject: trade.subject,
        amountYuan: yuanOf(trade.amount_fen),
        confirmAction: CONFIRM_PATH,
        cancelAction: CANCEL_PATH,
        fields,
      }),
    );
  }

  async function gateway(params: Record<string, string>, reply: FastifyReply) {
    const check = sandbox.checkRequest(params);
    const method = params.method ?? '';
    if (method === 'alipay.trade.page.pay') {
      if (!check.ok) return html(reply, noticeHtml(TITLE, `请求被拒绝：${check.why}`));
      return pagePay(params, reply);
    }
    if (method === 'alipay.trade.query' && check.ok) {
      const answer = await sandbox.queryAnswer(params.biz_content ?? '', Date.now());
      return reply.type('application/json; charset=utf-8').send(answer);
    }
    const why = check.ok ? 'isv.invalid-method' : check.why;
    return reply.type('application/json; charset=utf-8').send(
      JSON.stringify({
        error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: why },
      }),
    );
  }

  app.get(ALIPAY_SANDBOX_GATEWAY_PATH, hide, (request, reply) =>
    gateway(stringFields(request.query), reply),
  );
  app.post(ALIPAY_SANDBOX_GATEWAY_PATH, hide, (request, reply) =>
    gateway(stringFields(request.query, request.body), reply),
  );

  /** The cashier's form: the trade it names, if its token is the cashier's. */
  async function formTrade(body: unknown) {
    const { out_trade_no: outTradeNo = '', token = '' } = stringFields(body);
    if (!outTradeNo || !sandbox.isConfirmToken(outTradeNo, token)) return undefined;
    return sandbox.find(outTradeNo);
  }

  app.post(CONFIRM_PATH, hide, async (request, reply) => {
    const trade = await formTrade(request.body);
    if (!trade) return html(reply, noticeHtml(TITLE, '请求被拒绝：无效的收银台表单。'));
    const now = Date.now();
    const paid = await sandbox.pay(trade.out_trade_no, now);
    if (!paid) {
      const current = await sandbox.find(trade.out_trade_no);
      if (current?.state === 'paid') return reply.redirect(sandbox.returnUrl(current, now), 303);
      return html(reply, noticeHtml(TITLE, '交易已关闭：订单已超时。', trade.return_url));
    }
    // Alipay notifies the merchant's server asynchronously; the sandbox does so before the
    // browser returns, so the merchant's page usually finds the order granted already.
    try {
      await sandbox.deliver(paid, sandbox.notifyBody(paid, now));
    } catch (error) {
      request.log.warn({ err: error }, 'pay sandbox: the notify was not delivered');
    }
    return reply.redirect(sandbox.returnUrl(paid, now), 303);
  });

  app.post(CANCEL_PATH, hide, async (request, reply) => {
    const trade = await formTrade(request.body);
    if (!trade) return html(reply, noticeHtml(TITLE, '请求被拒绝：无效的收银台表单。'));
    return reply.redirect(trade.return_url, 303);
  });
}
