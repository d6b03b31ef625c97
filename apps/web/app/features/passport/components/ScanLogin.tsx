import type { ReactNode } from 'react';
import { QrImage } from '~/components/ui/QrImage.tsx';
import { Agreement, PageLink } from '~/features/passport/components/FormParts.tsx';
import { useQrLogin } from '~/features/passport/hooks/use-qr-login.ts';
import type { LoginFormProps } from '~/features/passport/login-form-props.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import styles from './login-form.module.css';

/** 扫码登录: the QR code from the server with its state, polled every 2 s. */
export function ScanLogin({ go, agreed, setAgreed, onSignedIn }: LoginFormProps) {
  const { state, refresh } = useQrLogin(agreed, () => {
    void onSignedIn(t.loginSuccess);
  });

  const status = state.phase === 'shown' ? state.status : null;
  let overlay: ReactNode = null;
  if (!agreed) {
    overlay = <p className={styles.qrOverlayText}>{t.error.agreement}</p>;
  } else if (state.phase === 'loading') {
    overlay = <p className={styles.qrOverlayText}>{t.scan.loading}</p>;
  } else if (state.phase === 'failed' || status === 'expired') {
    overlay = (
      <>
        <p className={styles.qrOverlayText}>
          {state.phase === 'failed' ? t.scan.failed : t.scan.expired}
        </p>
        <button type="button" className={styles.qrRefresh} onClick={refresh}>
          {t.scan.refresh}
        </button>
      </>
    );
  }

  return (
    <div className={styles.scan}>
      <div className={styles.qrBox}>
        {state.phase === 'shown' && (
          <QrImage
            className={styles.qrImage}
            svg={state.qr.qrcode_svg}
            alt={t.scan.imageAlt}
            size={168}
            data-token={state.qr.token}
          />
        )}
        {overlay && (
          <div className={styles.qrOverlay} role={agreed ? undefined : 'alert'}>
            {overlay}
          </div>
        )}
      </div>
      <p className={styles.scanStatus} role="status">
        {status === 'scanned' ? t.scan.scanned : status === 'new' && agreed ? t.scan.waiting : ''}
      </p>
      <p className={styles.scanHint}>{t.scan.hint}</p>
      <Agreement checked={agreed} onChange={setAgreed} />
      <div className={styles.scanLinks}>
        <PageLink go={go} to="password">
          {t.link.backToLogin}
        </PageLink>
        <PageLink go={go} to="sms">
          {t.link.smsLogin}
        </PageLink>
      </div>
    </div>
  );
}
