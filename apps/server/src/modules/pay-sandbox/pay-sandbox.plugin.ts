import type { FastifyInstance } from 'fastify';
import alipayGatewayRoutes from './alipay-gateway.routes.ts';
import wechatGatewayRoutes from './wechat-gateway.routes.ts';

/*
 * The sandbox gateways (decision 048), registered only with the sandbox on (MELON_PAY_SANDBOX=1
 * or the demo): they play the payment providers on this site, so development, tests and the
 * demo pay through the real adapters without a provider. A provider's sandbox gateway is
 * registered here beside Alipay's.
 */
export default async function paySandbox(app: FastifyInstance): Promise<void> {
  await app.register(alipayGatewayRoutes);
  await app.register(wechatGatewayRoutes);
}
