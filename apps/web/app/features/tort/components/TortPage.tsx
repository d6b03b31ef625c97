import { useState } from 'react';
import type { TortItemLine, TortReport } from '@melon/shared/contracts/tort';
import { tortMessages as t } from '../messages.ts';
import { ClaimList } from './ClaimList.tsx';
import { TortForm } from './TortForm.tsx';
import styles from './Tort.module.css';

interface TortPageProps {
  claims: readonly TortReport[];
  initialLinks: { links: string; lines: TortItemLine[] } | null;
}

/** /tort for a signed-in user: the form (or the claim just filed) and their claims. */
export function TortPage({ claims, initialLinks }: TortPageProps) {
  const [list, setList] = useState(claims);
  const [filed, setFiled] = useState<TortReport | null>(null);
  const [round, setRound] = useState(0);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.title}</h1>
      <p className={styles.intro}>{t.intro}</p>
      {filed ? (
        <section className={styles.panel} aria-labelledby="tort-filed" data-testid="tort-filed">
          <h2 id="tort-filed" className={styles.success} tabIndex={-1} ref={(h) => h?.focus()}>
            {t.filedTitle}
          </h2>
          <p className={styles.reference}>{t.reference(filed.id)}</p>
          <p>{t.filedText}</p>
          <div>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setFiled(null);
                setRound((n) => n + 1);
              }}
            >
              {t.fileAnother}
            </button>
          </div>
        </section>
      ) : (
        <section className={styles.panel} aria-labelledby="tort-form">
          <h2 id="tort-form" className={styles.panelTitle}>
            {t.formTitle}
          </h2>
          <TortForm
            // Another claim starts from an empty form with a new submit id.
            key={round}
            initialLinks={round === 0 ? initialLinks : null}
            onFiled={(report) => {
              setFiled(report);
              setList((shown) => [report, ...shown.filter((claim) => claim.id !== report.id)]);
            }}
          />
        </section>
      )}
      <ClaimList claims={list} />
    </div>
  );
}
