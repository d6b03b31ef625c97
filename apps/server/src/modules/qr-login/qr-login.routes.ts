import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { QrCheck, QrCode, QrScanResult, ScanQrBody } from '@melon/shared/contracts/passport';
import { limitOrCaptcha, RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { requestOrigin } from '../../http/same-origin-redirect.ts';
import { requireUser } from '../../plugins/app/session.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import { qrCodeSvg } from './qr-code-svg.ts';
import { createQrLoginService } from './qr-login.service.ts';

/** The page a signed-in phone opens from the code to scan and confirm (web app). */
export const QR_SCAN_PAGE = '/passport/scan';

/** Scan-code login (SPEC §4): a browser shows a code, a signed-in phone confirms it. */
export default function qrLoginRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const qrLogins = createQrLoginService(app.db);
  // The code page polls every 2 s: polling has its own, larger bucket.
  const limits = {
    codes: limitOrCaptcha(app, 'qr-login.codes', RATE_LIMITS.passport),
    poll: limitOrCaptcha(app, 'qr-login.poll', RATE_LIMITS.qrPoll),
  };

  app.get(
    '/passport/web/get_qrcode/',
    {
      onRequest: limits.codes,
      schema: {
        tags: ['passport'],
        summary: '获取扫码登录二维码',
        response: { 200: envelopeOf(QrCode) },
      },
    },
    async (request, reply) => {
      const { token, expiresInMs } = await qrLogins.create(request.webId);
      const url = new URL(QR_SCAN_PAGE, requestOrigin(request));
      url.searchParams.set('token', token);
      reply.header('cache-control', 'no-store');
      return ok({
        token,
        qrcode_url: url.href,
        qrcode_svg: await qrCodeSvg(url.href),
        expire_in: expiresInMs / 1000,
      });
    },
  );

  app.get(
    '/passport/web/check_qrconnect/',
    {
      onRequest: limits.poll,
      schema: {
        tags: ['passport'],
        summary: '查询扫码状态；已确认时本浏览器登录',
        querystring: Type.Object({ token: ScanQrBody.properties.token }),
        response: { 200: envelopeOf(QrCheck), 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { status, signInUserId } = await qrLogins.check(request.query.token, request.webId);
      reply.header('cache-control', 'no-store');
      if (signInUserId === null) return ok({ status, account: null });
      await app.startSession(request, reply, signInUserId);
      return ok({ status, account: await loadAccountInfo(app.db, signInUserId) });
    },
  );

  app.post(
    '/passport/web/scan_qrcode/',
    {
      onRequest: limits.codes,
      schema: {
        tags: ['passport'],
        summary: '手机端扫码、确认或取消登录',
        body: ScanQrBody,
        response: {
          200: envelopeOf(QrScanResult),
          401: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { token, action } = request.body;
      return ok({ status: await qrLogins.act(token, user.id, action) });
    },
  );
}
