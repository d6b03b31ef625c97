import { useState } from 'react';
import buttons from '~/components/ui/PillButton.module.css';
import { useInstallState } from '~/features/download-app/hooks/use-install-state.ts';
import { guideOrder, type InstallPlatform } from '~/features/download-app/install-platform.ts';
import { promptInstall } from '~/features/download-app/install-prompt.ts';
import { downloadAppMessages as t } from '~/features/download-app/messages.ts';
import styles from './DownloadApp.module.css';

function Guide({ platform }: { platform: InstallPlatform }) {
  const guide = t.guides[platform];
  return (
    <ol className={styles.steps}>
      {guide.steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

/**
 * 安装到本设备: the browser's one-click install where it offers one (Chromium), 已安装 in the
 * installed app, and the steps for the visitor's platform (then the others) otherwise.
 */
export function InstallPanel({
  platform,
  notify,
}: {
  platform: InstallPlatform;
  /** Says how a dismissed or failed install ended (the page's toast). */
  notify: (text: string) => void;
}) {
  const state = useInstallState();
  const [busy, setBusy] = useState(false);

  const install = async () => {
    setBusy(true);
    const outcome = await promptInstall();
    setBusy(false);
    if (outcome === 'dismissed') notify(t.install.dismissed);
    if (outcome === 'failed') notify(t.install.failed);
  };

  const done = state === 'standalone' || state === 'installed';
  const [own, ...others] = guideOrder(platform);
  return (
    <section className={styles.card} aria-labelledby="install-heading" data-install-state={state}>
      <h2 id="install-heading" className={styles.cardTitle}>
        {t.install.heading}
      </h2>
      {done ? (
        <>
          <p className={styles.installed}>{t.install.installed}</p>
          <p className={styles.hint}>
            {state === 'standalone' ? t.install.standaloneHint : t.install.installedHint}
          </p>
        </>
      ) : (
        <>
          {state === 'offered' && (
            <>
              <button
                type="button"
                className={buttons.primary}
                disabled={busy}
                onClick={() => void install()}
              >
                {busy ? t.install.installing : t.install.button}
              </button>
              <p className={styles.hint}>{t.install.promptHint}</p>
            </>
          )}
          {own && (
            <div className={styles.guide}>
              <h3 className={styles.guideName}>{t.guides[own].name}</h3>
              {state !== 'offered' && <p className={styles.hint}>{t.install.manualHint}</p>}
              <Guide platform={own} />
            </div>
          )}
          <details className={styles.others}>
            <summary>{t.install.otherGuides}</summary>
            {others.map((other) => (
              <div key={other} className={styles.guide}>
                <h3 className={styles.guideName}>{t.guides[other].name}</h3>
                <Guide platform={other} />
              </div>
            ))}
          </details>
        </>
      )}
    </section>
  );
}
