import buttons from '~/components/ui/PillButton.module.css';
import type { Diagnostics } from '~/features/debug/diagnostics.ts';
import { reportSections, reportText } from '~/features/debug/diagnostics-report.ts';
import { useDiagnostics } from '~/features/debug/hooks/use-diagnostics.ts';
import { debugMessages as t } from '~/features/debug/messages.ts';
import styles from './Debug.module.css';

interface DebugPageProps {
  /** The /ws gateway's address for this page (read in the browser). */
  socketUrl: () => string;
  session: Diagnostics['session'];
  notify: (text: string) => void;
}

/** 调试 (/debug): what a support request needs to know about this browser, and a copy button. */
export function DebugPage({ socketUrl, session, notify }: DebugPageProps) {
  const { found, recheck } = useDiagnostics(socketUrl, session);
  const sections = found ? reportSections(found) : null;

  const copy = async () => {
    if (!sections) return;
    try {
      await navigator.clipboard.writeText(reportText(sections));
      notify(t.copied);
    } catch {
      notify(t.copyFailed);
    }
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.heading}</h1>
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.primary}
          disabled={!sections}
          onClick={() => void copy()}
        >
          {t.copy}
        </button>
        <button type="button" className={buttons.secondary} disabled={!sections} onClick={recheck}>
          {t.recheck}
        </button>
      </div>
      {sections ? (
        <div className={styles.sections} data-testid="diagnostics">
          {sections.map(({ title, rows }) => (
            <section key={title} className={styles.section}>
              <h2 className={styles.sectionTitle}>{title}</h2>
              <dl className={styles.rows}>
                {rows.map(([label, value]) => (
                  <div key={label} className={styles.row}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      ) : (
        <p className={styles.checking} role="status">
          {t.checking}
        </p>
      )}
    </div>
  );
}
