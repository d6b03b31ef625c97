import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { exchangeVipCode } from '@melon/shared/calls/vip.calls';
import { ApiError } from '@melon/shared/client/errors';
import type { MembershipState } from '@melon/shared/contracts/pay';
import type { ExchangeCodeResult } from '@melon/shared/contracts/vip';
import { groupVipCode, normalizeVipCode } from '@melon/shared/vip/vip-code';
import buttons from '~/components/ui/PillButton.module.css';
import { browserClient } from '~/lib/browser-client.ts';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { chinaDateOf, membershipText } from '~/features/vip/vip-text.ts';
import styles from './Vip.module.css';

/** 19 characters: 16 of the code and the three dashes the field puts in. */
const FIELD_MAX_LENGTH = 19;

/** /vip-exchange: the code, grouped in fours as typed; the server's refusal or the new expiry. */
export function ExchangeForm({ membership }: { membership: MembershipState }) {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ExchangeCodeResult | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (normalizeVipCode(code) === undefined) {
      setError(t.exchange.malformed);
      return;
    }
    setPending(true);
    setError('');
    try {
      setResult(await browserClient().call(exchangeVipCode, { code }));
      setCode('');
    } catch (caught) {
      setError(caught instanceof ApiError && caught.message ? caught.message : t.exchange.failed);
    } finally {
      setPending(false);
    }
  }

  if (result) {
    return (
      <section className={styles.result} aria-live="polite">
        <h2 className={styles.resultSuccess}>{t.exchange.success}</h2>
        <p className={styles.resultText}>{t.exchange.added(result.days)}</p>
        <p className={styles.resultText} data-testid="membership-state">
          {t.order.grantedUntil(chinaDateOf(result.membership.expires_at))}
        </p>
        <div className={styles.resultActions}>
          <Link to="/vip-center" className={buttons.primary}>
            {t.exchange.toCenter}
          </Link>
          <button
            type="button"
            className={buttons.secondary}
            onClick={() => {
              setResult(null);
            }}
          >
            {t.exchange.again}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.muted} data-testid="membership-state">
        {membershipText(membership)}
      </p>
      <p className={styles.intro}>{t.exchange.intro}</p>
      <label htmlFor={inputId} className={styles.fieldLabel}>
        {t.exchange.label}
      </label>
      <div className={styles.codeRow}>
        <input
          id={inputId}
          className={styles.codeInput}
          value={code}
          placeholder={t.exchange.placeholder}
          maxLength={FIELD_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error !== ''}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(groupVipCode(event.target.value));
            setError('');
          }}
        />
        <button type="submit" className={buttons.primary} disabled={pending}>
          {pending ? t.exchange.submitting : t.exchange.submit}
        </button>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
