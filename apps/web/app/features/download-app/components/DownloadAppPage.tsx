import type { AppPackage } from '@melon/shared/contracts/site-info';
import { MelonMark } from '~/components/ui/MelonMark.tsx';
import { QrImage } from '~/components/ui/QrImage.tsx';
import { useInstallPlatform } from '~/features/download-app/hooks/use-install-platform.ts';
import type { InstallPlatform } from '~/features/download-app/install-platform.ts';
import { downloadAppMessages as t } from '~/features/download-app/messages.ts';
import { InstallPanel } from './InstallPanel.tsx';
import styles from './DownloadApp.module.css';

interface DownloadAppPageProps {
  /** The operator's native client packages; none by default, and then no such section. */
  packages: readonly AppPackage[];
  /** The site's address and its QR code (SVG markup), for phones. */
  site: { address: string; qrSvg: string };
  /** The platform the server read from the user agent. */
  platform: InstallPlatform;
  notify: (text: string) => void;
}

function Packages({ packages }: { packages: readonly AppPackage[] }) {
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="packages-heading">
      <h2 id="packages-heading" className={styles.cardTitle}>
        {t.packages.heading}
      </h2>
      <p className={styles.hint}>{t.packages.text}</p>
      <ul className={styles.packages}>
        {packages.map((item) => (
          <li key={item.platform} className={styles.package}>
            <span className={styles.packageName}>{t.packages.platforms[item.platform]}</span>
            {item.version && (
              <span className={styles.packageVersion}>{t.packages.version(item.version)}</span>
            )}
            <a
              className={styles.packageLink}
              href={item.url}
              rel="noopener noreferrer"
              aria-label={t.packages.downloadFor(t.packages.platforms[item.platform])}
            >
              {t.packages.download}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 下载客户端 (/app): install the site as an app, open it on a phone, or get a native client. */
export function DownloadAppPage({
  packages,
  site,
  platform: serverPlatform,
  notify,
}: DownloadAppPageProps) {
  const platform = useInstallPlatform(serverPlatform);
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <MelonMark size={72} />
        <div>
          <h1 className={styles.heading}>{t.heading}</h1>
          <p className={styles.tagline}>{t.tagline}</p>
        </div>
      </header>
      <div className={styles.grid}>
        <InstallPanel platform={platform} notify={notify} />
        {/* A phone is already where the code would take it. */}
        {platform === 'desktop' && (
          <section className={styles.card} aria-labelledby="phone-heading">
            <h2 id="phone-heading" className={styles.cardTitle}>
              {t.phone.heading}
            </h2>
            <QrImage className={styles.qr} svg={site.qrSvg} alt={t.phone.qrAlt} size={168} />
            <p className={styles.address}>{site.address}</p>
            <p className={styles.hint}>{t.phone.text}</p>
          </section>
        )}
        {packages.length > 0 && <Packages packages={packages} />}
      </div>
    </div>
  );
}
