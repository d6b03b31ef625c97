import { getOrderList, getOrderStatus, getVipProducts } from '@melon/shared/calls/pay.calls';
import { isMixId } from '@melon/shared/ids/id-rules';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { scannableCodeUrl } from '~/features/vip/code-url.ts';
import { ORDER_PAGE_SIZE } from '~/features/vip/components/OrderHistory.tsx';
import { VipCenterPage } from '~/features/vip/components/VipCenterPage.tsx';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { qrCodeSvg } from '~/lib/qr-code.server.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/vip-center';

const ORDER_ID = /^[1-9][0-9]{0,25}$/;

/** The order the cashier sent the buyer back with (?order_id, WeChat's ?code_url), if theirs. */
async function returnedOrder(client: ReturnType<typeof serverClient>, url: URL) {
  const orderId = url.searchParams.get('order_id') ?? '';
  if (!ORDER_ID.test(orderId)) return null;
  // Not the viewer's order (or a visitor): the page shows no result rather than an error.
  const status = await client.call(getOrderStatus, { order_id: orderId }).catch(() => null);
  if (!status) return null;
  const codeUrl = scannableCodeUrl(url.searchParams.get('code_url'), url.origin);
  const qr =
    codeUrl && status.state === 'created' ? { svg: await qrCodeSvg(codeUrl), codeUrl } : null;
  return { status, qr };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const client = serverClient(context);
  const [products, orders, returned] = await Promise.all([
    client.call(getVipProducts),
    client.call(getOrderList, { count: ORDER_PAGE_SIZE }).catch(signedOut),
    returnedOrder(client, url),
  ]);
  const fromGid = url.searchParams.get('from_gid') ?? '';
  return {
    products,
    orders,
    returned,
    fromGid: isMixId(fromGid) ? fromGid : null,
    nowMs: Date.now(),
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.centerTitle });

export default function VipCenter({ loaderData }: Route.ComponentProps) {
  const { products, orders, returned, fromGid, nowMs } = loaderData;
  const { openLogin } = useLogin();
  const toast = useToast();
  return (
    <VipCenterPage
      products={products}
      orders={orders}
      returned={returned && { ...returned, fromGid }}
      fromGid={fromGid}
      nowMs={nowMs}
      onLogin={() => {
        openLogin({ source: 'default' });
      }}
      notify={toast.show}
    />
  );
}
