import { useEffect, useState } from 'react';
import { oauthLogin } from '@melon/shared/calls/oauth.calls';
import { passportMessages as t } from '~/features/passport/messages.ts';
import styles from './login-form.module.css';

export interface ThirdPartyOptions {
  /** The platforms the server offers (getOauthPlatforms). */
  platforms: readonly string[];
  /** Where to come back to: the current address. */
  service: string;
}

/** Start of third-party sign-in: a link, since the server answers with the platform's page. */
export const thirdPartyLoginUrl = (platform: string, service: string): string =>
  `${oauthLogin.path}?${new URLSearchParams({ platform, service }).toString()}`;

/** The logo outlines of the platforms Melon knows; others get their initial. */
const PLATFORM_PATHS = new Map([
  [
    'douyin',
    'M14.6 3h2.7c.3 2.1 1.6 3.6 3.7 3.9v2.8c-1.4 0-2.7-.4-3.8-1.1v6.2a5.8 5.8 0 1 1-5.8-5.8c.3 0 .6 0 .9.1v2.9a3 3 0 1 0 2.2 2.8V3z',
  ],
  [
    'qq',
    'M12 2.5c-3.3 0-5.6 2.5-5.6 5.9v1.2c-.9 1.4-2.4 3.9-2.4 6 0 1.2.5 1.5.9 1.3.5-.2 1.1-1 1.5-1.7.3 1 .9 1.9 1.7 2.6-1 .4-1.9 1-1.9 1.6 0 .9 1.8 1.3 3.6 1.3 1.3 0 2.3-.3 2.9-.7h.6c.6.4 1.6.7 2.9.7 1.8 0 3.6-.4 3.6-1.3 0-.6-.9-1.2-1.9-1.6.8-.7 1.4-1.6 1.7-2.6.4.7 1 1.5 1.5 1.7.4.2.9-.1.9-1.3 0-2.1-1.5-4.6-2.4-6V8.4c0-3.4-2.3-5.9-5.6-5.9z',
  ],
  [
    'weixin',
    'M9.2 4C5.2 4 2 6.7 2 10c0 1.9 1 3.5 2.7 4.6L4 16.8l2.5-1.3c.8.2 1.7.4 2.7.4h.4a5.6 5.6 0 0 1-.2-1.5c0-3.3 3.1-6 7-6h.4C16.1 5.7 13 4 9.2 4zM6.8 7.3a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zm4.8 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zM16.4 9.6c-3.3 0-5.9 2.2-5.9 4.9s2.6 4.9 5.9 4.9c.7 0 1.4-.1 2-.3l2 1.1-.5-1.8c1.4-.9 2.4-2.3 2.4-3.9 0-2.7-2.6-4.9-5.9-4.9zm-2 2.6a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6z',
  ],
]);

function PlatformMark({ platform }: { platform: string }) {
  const path = PLATFORM_PATHS.get(platform);
  if (!path) return <span aria-hidden="true">{platform.slice(0, 1).toUpperCase()}</span>;
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

function ScanMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 9V5.5A1.5 1.5 0 0 1 5.5 4H9M15 4h3.5A1.5 1.5 0 0 1 20 5.5V9M20 15v3.5a1.5 1.5 0 0 1-1.5 1.5H15M9 20H5.5A1.5 1.5 0 0 1 4 18.5V15M4 12h16" />
    </svg>
  );
}

interface OtherMethodsProps {
  /** null in the desktop app: the third-party buttons are hidden there (SPEC §5). */
  thirdParty: ThirdPartyOptions | null;
  agreed: boolean;
  onAgreementMissing: () => void;
  /** Opens the scan-code page. */
  onScan: () => void;
}

/** 其他登录方式: scan code, then the third-party platforms the server offers. */
export function OtherMethods({
  thirdParty,
  agreed,
  onAgreementMissing,
  onScan,
}: OtherMethodsProps) {
  const [redirecting, setRedirecting] = useState<string | null>(null);

  // Back from the platform with the browser's back button: the page may come from the cache.
  useEffect(() => {
    const reset = () => {
      setRedirecting(null);
    };
    window.addEventListener('pageshow', reset);
    return () => {
      window.removeEventListener('pageshow', reset);
    };
  }, []);

  return (
    <div className={styles.others}>
      <p className={styles.othersTitle}>{t.thirdParty}</p>
      <ul className={styles.othersList}>
        <li>
          <button
            type="button"
            className={`${styles.method} ${styles.methodScan}`}
            aria-label={t.link.scanLogin}
            title={t.link.scanLogin}
            onClick={onScan}
          >
            <ScanMark />
          </button>
        </li>
        {thirdParty?.platforms.map((platform) => {
          const name = t.platform[platform] ?? platform;
          return (
            <li key={platform}>
              <a
                href={thirdPartyLoginUrl(platform, thirdParty.service)}
                className={`${styles.method} ${styles[`method-${platform}`] ?? ''}`}
                aria-label={t.platformLogin(name)}
                title={t.platformLogin(name)}
                aria-busy={redirecting === platform}
                onClick={(event) => {
                  if (!agreed) {
                    event.preventDefault();
                    onAgreementMissing();
                    return;
                  }
                  setRedirecting(platform);
                }}
              >
                {redirecting === platform ? (
                  <span className={styles.spinner} aria-hidden="true" />
                ) : (
                  <PlatformMark platform={platform} />
                )}
              </a>
            </li>
          );
        })}
      </ul>
      {redirecting && (
        <p className={styles.redirecting} role="status">
          {t.thirdPartyRedirecting}
        </p>
      )}
    </div>
  );
}
