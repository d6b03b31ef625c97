import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { scanQrcode } from '@melon/shared/calls/passport.calls';
import type { QrRequester } from '@melon/shared/contracts/passport';
import { FormMessageLine } from '~/features/passport/components/FormParts.tsx';
import { LoginScreen } from '~/features/passport/components/LoginScreen.tsx';
import { errorMessage } from '~/features/passport/error-message.ts';
import { useFormStatus } from '~/features/passport/hooks/use-form-status.ts';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { browserClient } from '~/lib/browser-client.ts';
import formStyles from './login-form.module.css';
import styles from './ScanConfirm.module.css';

type Phase = 'scanning' | 'asking' | 'confirmed' | 'cancelled' | 'invalid';

/**
 * The phone side of scan-code login (/passport/scan?token=): a signed-in user confirms or
 * cancels the sign-in of the browser showing the code. Signed out, the login form comes first.
 */
export function ScanConfirm({ token }: { token: string }) {
  const { account } = useLogin();
  if (!token) return <ScanMessage text={t.scanConfirm.missingToken} />;
  if (!account) {
    return (
      <>
        <p className={styles.loginFirst}>{t.scanConfirm.loginFirst}</p>
        <LoginScreen />
      </>
    );
  }
  return <ScanDecision token={token} name={account.name} />;
}

function ScanMessage({ text }: { text: string }) {
  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t.title.scanConfirm}</h1>
      <p className={styles.text}>{text}</p>
      <Link to="/" className={`${formStyles.tertiary ?? ''} ${styles.linkButton ?? ''}`}>
        {t.scanConfirm.home}
      </Link>
    </section>
  );
}

function ScanDecision({ token, name }: { token: string; name: string }) {
  const status = useFormStatus();
  const { fail } = status;
  const [phase, setPhase] = useState<Phase>('scanning');
  const [device, setDevice] = useState<QrRequester | null>(null);
  const [deviceChecked, setDeviceChecked] = useState(false);

  // Opening the page is the scan: the browser showing the code moves to 已扫描, and the phone
  // learns which browser is asking.
  useEffect(() => {
    let cancelled = false;
    browserClient()
      .call(scanQrcode, { token, action: 'scan' })
      .then((result) => {
        if (cancelled) return;
        setDevice(result.device ?? null);
        setPhase('asking');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setPhase('invalid');
        fail(errorMessage(error));
      });
    return () => {
      cancelled = true;
    };
  }, [token, fail]);

  function act(action: 'confirm' | 'cancel') {
    void status.run(async () => {
      await browserClient().call(
        scanQrcode,
        action === 'confirm' ? { token, action, device_checked: deviceChecked } : { token, action },
      );
      setPhase(action === 'confirm' ? 'confirmed' : 'cancelled');
    });
  }

  if (phase === 'confirmed') return <ScanMessage text={t.scanConfirm.confirmed} />;
  if (phase === 'cancelled') return <ScanMessage text={t.scanConfirm.cancelled} />;

  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t.title.scanConfirm}</h1>
      <svg
        className={styles.art}
        viewBox="0 0 48 48"
        width="72"
        height="72"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="5" y="8" width="38" height="25" rx="3" />
        <path d="M17 40h14M24 33v7" />
      </svg>
      <p className={styles.question}>
        {phase === 'scanning' ? t.scanConfirm.checking : t.scanConfirm.question}
      </p>
      {phase === 'asking' && <p className={styles.text}>{t.scanConfirm.account(name)}</p>}
      {phase === 'asking' && device && <RequesterDetails device={device} />}
      {phase === 'asking' && (
        <label className={styles.deviceCheck}>
          <input
            type="checkbox"
            checked={deviceChecked}
            onChange={(event) => {
              setDeviceChecked(event.target.checked);
            }}
          />
          <span>{t.scanConfirm.deviceCheck}</span>
        </label>
      )}
      <FormMessageLine message={status.message} />
      {phase === 'asking' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={formStyles.submit}
            disabled={status.pending || !deviceChecked}
            onClick={() => {
              act('confirm');
            }}
          >
            {t.scanConfirm.confirm}
          </button>
          <button
            type="button"
            className={formStyles.tertiary}
            disabled={status.pending}
            onClick={() => {
              act('cancel');
            }}
          >
            {t.scanConfirm.cancel}
          </button>
        </div>
      )}
      {phase === 'invalid' && (
        <Link to="/" className={`${formStyles.tertiary ?? ''} ${styles.linkButton ?? ''}`}>
          {t.scanConfirm.home}
        </Link>
      )}
    </section>
  );
}

/** Which browser asks to sign in, from where: the phone's user checks it before confirming. */
function RequesterDetails({ device }: { device: QrRequester }) {
  return (
    <section className={styles.device} aria-label={t.scanConfirm.device}>
      <h2 className={styles.deviceTitle}>{t.scanConfirm.device}</h2>
      <dl className={styles.deviceList}>
        <dt>{t.scanConfirm.browser}</dt>
        <dd>{device.browser}</dd>
        <dt>{t.scanConfirm.os}</dt>
        <dd>{device.os}</dd>
        <dt>{t.scanConfirm.place}</dt>
        <dd>{device.place}</dd>
      </dl>
      <p className={styles.deviceWarning}>{t.scanConfirm.deviceWarning}</p>
    </section>
  );
}
