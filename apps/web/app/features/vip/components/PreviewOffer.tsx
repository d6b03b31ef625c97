import { useState } from 'react';
import { Link } from 'react-router';
import { createOrder } from '@melon/shared/calls/pay.calls';
import { ApiError } from '@melon/shared/client/errors';
import buttons from '~/components/ui/PillButton.module.css';
import { browserClient } from '~/lib/browser-client.ts';
import { vipMessages } from '~/features/vip/messages.ts';
import { previewOffer, type EndedPreview } from '~/features/vip/preview-offer.ts';
import { formatPrice } from '~/features/vip/vip-text.ts';
import styles from './PreviewOffer.module.css';

const t = vipMessages.preview;

interface PreviewOfferProps {
  preview: EndedPreview;
  signedIn: boolean;
  /** The episode: what is bought, and where /vip-center sends the buyer back to. */
  groupId: string;
  onLogin: () => void;
}

/** 试看已结束, and the way on: 登录后继续观看, 开通会员 继续观看 or 购买本集 ¥x. */
export function PreviewOfferPanel({ preview, signedIn, groupId, onLogin }: PreviewOfferProps) {
  const offer = previewOffer(preview, signedIn, groupId);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  async function buy() {
    setPending(true);
    setError('');
    try {
      const order = await browserClient().call(createOrder, {
        item_id: groupId,
        provider: 'alipay',
        from_gid: groupId,
      });
      location.assign(order.pay_url);
    } catch (caught) {
      setPending(false);
      setError(caught instanceof ApiError && caught.message ? caught.message : t.failed);
    }
  }

  return (
    <section className={styles.box} aria-labelledby="preview-ended" data-testid="preview-end">
      <p id="preview-ended" className={styles.title}>
        {t.ended}
      </p>
      <p className={styles.hint}>{preview.reason === 'paid' ? t.paidHint : t.vipHint}</p>
      {offer.kind === 'login' && (
        <button type="button" className={`${buttons.primary} ${styles.action}`} onClick={onLogin}>
          {t.login}
        </button>
      )}
      {offer.kind === 'join' && (
        <Link to={offer.href} className={`${buttons.primary} ${styles.action}`}>
          {t.join}
        </Link>
      )}
      {offer.kind === 'buy' && (
        <button
          type="button"
          className={`${buttons.primary} ${styles.action}`}
          disabled={pending}
          onClick={() => void buy()}
        >
          {pending ? t.buying : t.buy(formatPrice(offer.priceFen))}
        </button>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
