import { getOrderList } from '@melon/shared/calls/pay.calls';
import type { OrderList, OrderSummary } from '@melon/shared/contracts/pay';
import { formatFeedTime } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import loadMoreStyles from '~/components/ui/LoadMoreButton.module.css';
import { browserClient } from '~/lib/browser-client.ts';
import { useMore } from '~/lib/use-more.ts';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { formatPrice, orderStateText, providerText } from '~/features/vip/vip-text.ts';
import styles from './Vip.module.css';

export const ORDER_PAGE_SIZE = 10;

interface OrderHistoryProps {
  first: OrderList;
  nowMs: number;
  notify: (message: string) => void;
}

/** 订单记录: the buyer's orders, newest first, ten at a time. */
export function OrderHistory({ first, nowMs, notify }: OrderHistoryProps) {
  const orders = useMore<OrderList, OrderSummary>(first, {
    read: (page) => ({ items: page.list, hasMore: page.has_more }),
    fetchNext: (last) =>
      browserClient().call(getOrderList, { offset: last.offset, count: ORDER_PAGE_SIZE }),
    key: (order) => order.order_id,
    notify,
    failed: t.history.failed,
  });
  return (
    <section className={styles.panel} aria-labelledby="vip-orders">
      <h2 id="vip-orders" className={styles.panelTitle}>
        {t.history.heading}
      </h2>
      {orders.items.length === 0 ? (
        <p className={styles.muted}>{t.history.empty}</p>
      ) : (
        <ul className={styles.orders}>
          {orders.items.map((order) => (
            <li key={order.order_id} className={styles.order} data-order-id={order.order_id}>
              <span className={styles.orderTitle}>{order.title}</span>
              <span className={styles.orderAmount}>{formatPrice(order.amount_fen)}</span>
              <span className={styles.orderMeta}>
                {providerText(order.provider)} ·{' '}
                {formatFeedTime(toMilliseconds(order.created_at), nowMs)}
              </span>
              <span className={order.state === 'granted' ? styles.stateDone : styles.state}>
                {orderStateText(order.state, order.kind)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {orders.hasMore && (
        <div className={styles.more}>
          <button
            type="button"
            className={loadMoreStyles.loadMore}
            disabled={orders.loading}
            onClick={orders.loadMore}
          >
            {orders.loading ? t.history.loading : t.history.more}
          </button>
        </div>
      )}
    </section>
  );
}
