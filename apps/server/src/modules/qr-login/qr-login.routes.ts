import type { FastifyInstance } from 'fastify';
import { checkQrconnect, getQrcode, scanQrcode } from '@melon/shared/calls/passport.calls';
import { route } from '../../plugins/app/call-route.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import { presentQrCheck, presentQrCode, presentQrScan } from './qr-login.presenter.ts';
import { createQrLoginService } from './qr-login.service.ts';

/** The page a signed-in phone opens from the code to scan and confirm (web app). */
export const QR_SCAN_PAGE = '/passport/scan';

/**
 * Scan-code login (SPEC §4): a browser shows a code, a signed-in phone confirms it. The code
 * page polls every 2 s, so polling counts in its own, larger bucket (declared with the calls).
 */
export default function qrLoginRoutes(app: FastifyInstance): void {
  const qrLogins = createQrLoginService({ db: app.db });
  const scanPage = new URL(QR_SCAN_PAGE, app.siteOrigin);

  route(app, getQrcode, async (_input, { request, reply }) => {
    const code = await qrLogins.create({
      webId: request.webId,
      userAgent: request.headers['user-agent'] ?? '',
      ip: request.ip,
    });
    reply.header('cache-control', 'no-store');
    return presentQrCode(code, scanPage);
  });

  route(app, checkQrconnect, async ({ token }, { request, reply }) => {
    const { status, signInUserId } = await qrLogins.check(token, request.webId);
    reply.header('cache-control', 'no-store');
    if (signInUserId === null) return presentQrCheck(status, null);
    await app.startSession(request, reply, signInUserId);
    return presentQrCheck(status, await loadAccountInfo(app.db, signInUserId));
  });

  route(app, scanQrcode, async ({ token, action, device_checked }, { user }) =>
    presentQrScan(await qrLogins.act(token, user.id, action, device_checked === true)),
  );
}
