import { useState } from 'react';
import { createOrder } from '@melon/shared/calls/pay.calls';
import { ApiError } from '@melon/shared/client/errors';
import { PAY_PROVIDERS, type PayProvider, type VipPlan } from '@melon/shared/contracts/pay';
import buttons from '~/components/ui/PillButton.module.css';
import { browserClient } from '~/lib/browser-client.ts';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { formatPrice, providerText } from '~/features/vip/vip-text.ts';
import styles from './Vip.module.css';

interface PlanPickerProps {
  plans: VipPlan[];
  signedIn: boolean;
  /** The video the buyer came from, carried back to after paying. */
  fromGid: string | null;
  onLogin: () => void;
}

/** The plans as cards, 支付宝 or 微信支付, and 立即开通: an order, then the provider's cashier. */
export function PlanPicker({ plans, signedIn, fromGid, onLogin }: PlanPickerProps) {
  const [planId, setPlanId] = useState(() => (plans.find((p) => p.tag) ?? plans[0])?.id ?? '');
  const [provider, setProvider] = useState<PayProvider>('alipay');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const plan = plans.find((p) => p.id === planId);

  async function buy() {
    if (!plan) return;
    if (!signedIn) {
      onLogin();
      return;
    }
    setPending(true);
    setError('');
    try {
      const order = await browserClient().call(createOrder, {
        product_id: plan.id,
        provider,
        ...(fromGid ? { from_gid: fromGid } : {}),
      });
      location.assign(order.pay_url);
    } catch (caught) {
      setPending(false);
      setError(caught instanceof ApiError && caught.message ? caught.message : t.pay.failed);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="vip-plans">
      <h2 id="vip-plans" className={styles.panelTitle}>
        {t.plans.heading}
      </h2>
      <div className={styles.plans} role="radiogroup" aria-labelledby="vip-plans">
        {plans.map((p) => (
          <label key={p.id} className={p.id === planId ? styles.planChosen : styles.plan}>
            <input
              type="radio"
              name="vip-plan"
              value={p.id}
              className={styles.radio}
              checked={p.id === planId}
              onChange={() => {
                setPlanId(p.id);
              }}
            />
            {p.tag && <span className={styles.planTag}>{p.tag}</span>}
            <span className={styles.planTitle}>{p.title}</span>
            <span className={styles.planPrice}>{formatPrice(p.price_fen)}</span>
            {p.original_price_fen > p.price_fen && (
              <s className={styles.planOriginal}>
                {t.plans.original(formatPrice(p.original_price_fen))}
              </s>
            )}
            <span className={styles.planDays}>{t.plans.days(p.days)}</span>
          </label>
        ))}
      </div>
      <h2 id="vip-providers" className={styles.panelTitle}>
        {t.pay.heading}
      </h2>
      <div className={styles.providers} role="radiogroup" aria-labelledby="vip-providers">
        {PAY_PROVIDERS.map((name) => (
          <label key={name} className={name === provider ? styles.providerChosen : styles.provider}>
            <input
              type="radio"
              name="vip-provider"
              value={name}
              className={styles.radio}
              checked={name === provider}
              onChange={() => {
                setProvider(name);
              }}
            />
            <span className={name === 'alipay' ? styles.alipayMark : styles.wechatMark} />
            {providerText(name)}
          </label>
        ))}
      </div>
      <div className={styles.buyRow}>
        <button
          type="button"
          className={buttons.primary}
          disabled={pending || !plan}
          onClick={() => void buy()}
        >
          {pending ? t.pay.submitting : t.pay.submit(plan ? formatPrice(plan.price_fen) : '')}
        </button>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
