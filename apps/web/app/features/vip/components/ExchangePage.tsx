import type { MembershipState } from '@melon/shared/contracts/pay';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { ExchangeForm } from './ExchangeForm.tsx';
import styles from './Vip.module.css';

/** /vip-exchange for a signed-in user. */
export function ExchangePage({ membership }: { membership: MembershipState }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.exchangeTitle}</h1>
      <ExchangeForm membership={membership} />
    </div>
  );
}
