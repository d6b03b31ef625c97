import { Link } from 'react-router';
import type { OrderStatus } from '@melon/shared/contracts/pay';
import buttons from '~/components/ui/PillButton.module.css';
import { QrImage } from '~/components/ui/QrImage.tsx';
import { videoPath } from '~/lib/paths.ts';
import { useOrderPoll } from '~/features/vip/hooks/use-order-poll.ts';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { chinaDateOf } from '~/features/vip/vip-text.ts';
import styles from './Vip.module.css';

export interface ReturnedOrder {
  status: OrderStatus;
  /** The video to go back to after a granted order. */
  fromGid: string | null;
  /** WeChat Pay's code to scan (Native pay has no cashier page), with the address it holds. */
  qr: { svg: string; codeUrl: string } | null;
}

/**
 * Back from the cashier: 支付处理中 while the order settles, then 开通成功 and the new expiry (a
 * plan) or 购买成功 (an episode).
 */
export function OrderResult({ order, onSettled }: { order: ReturnedOrder; onSettled: () => void }) {
  const poll = useOrderPoll(order.status.order_id, order.status, onSettled);
  return (
    <section className={styles.result} aria-live="polite">
      {poll.phase === 'waiting' && (
        <>
          <h2 className={styles.resultTitle}>{t.order.pending}</h2>
          {order.qr ? (
            <>
              <QrImage
                className={styles.qr}
                svg={order.qr.svg}
                alt={t.order.scanAlt}
                size={180}
                data-code-url={order.qr.codeUrl}
              />
              <p className={styles.resultText}>{t.order.scan}</p>
            </>
          ) : (
            <p className={styles.resultText}>{t.order.pendingHint}</p>
          )}
        </>
      )}
      {poll.phase === 'settled' && <Settled status={poll.status} fromGid={order.fromGid} />}
      {poll.phase === 'slow' && <p className={styles.resultText}>{t.order.slow}</p>}
      {poll.phase === 'failed' && (
        <p className={styles.error} role="alert">
          {poll.message}
        </p>
      )}
    </section>
  );
}

function Settled({ status, fromGid }: { status: OrderStatus; fromGid: string | null }) {
  if (status.state === 'expired') return <p className={styles.resultText}>{t.order.expired}</p>;
  if (status.state === 'refunded') return <p className={styles.resultText}>{t.order.refunded}</p>;
  return (
    <>
      <h2 className={styles.resultSuccess}>{t.order.granted[status.kind]}</h2>
      {status.membership && (
        <p className={styles.resultText}>
          {t.order.grantedUntil(chinaDateOf(status.membership.expires_at))}
        </p>
      )}
      {fromGid && (
        <Link to={videoPath(fromGid)} className={buttons.primary}>
          {t.order.continue}
        </Link>
      )}
    </>
  );
}
