import { Link, useRevalidator } from 'react-router';
import type { OrderList, VipProducts } from '@melon/shared/contracts/pay';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { membershipText } from '~/features/vip/vip-text.ts';
import { OrderHistory } from './OrderHistory.tsx';
import { OrderResult, type ReturnedOrder } from './OrderResult.tsx';
import { PlanPicker } from './PlanPicker.tsx';
import styles from './Vip.module.css';

interface VipCenterPageProps {
  products: VipProducts;
  /** The first page of the buyer's orders; null for a visitor. */
  orders: OrderList | null;
  /** The order the cashier sent the buyer back with. */
  returned: ReturnedOrder | null;
  fromGid: string | null;
  nowMs: number;
  onLogin: () => void;
  notify: (message: string) => void;
}

/** /vip-center: the membership and its expiry, the plans and buying, the order history. */
export function VipCenterPage(props: VipCenterPageProps) {
  const { products, orders, returned, fromGid, nowMs, onLogin, notify } = props;
  const revalidator = useRevalidator();
  const signedIn = products.membership !== null;
  const valid = products.membership?.validity === 1;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.centerTitle}</h1>
      <section className={valid ? styles.cardValid : styles.card} aria-label={t.membership.heading}>
        <span className={styles.cardBadge}>VIP</span>
        <div className={styles.cardText}>
          <span className={styles.cardLabel}>{t.membership.heading}</span>
          <strong className={styles.cardState} data-testid="membership-state">
            {membershipText(products.membership)}
          </strong>
        </div>
        {signedIn ? (
          <Link to="/vip-exchange" className={styles.cardAction}>
            {t.membership.exchange}
          </Link>
        ) : (
          <button type="button" className={styles.cardAction} onClick={onLogin}>
            {t.membership.login}
          </button>
        )}
      </section>
      {returned && (
        <OrderResult
          order={returned}
          onSettled={() => {
            void revalidator.revalidate();
          }}
        />
      )}
      <PlanPicker plans={products.plans} signedIn={signedIn} fromGid={fromGid} onLogin={onLogin} />
      {orders && <OrderHistory first={orders} nowMs={nowMs} notify={notify} />}
    </div>
  );
}
