import { Link } from 'react-router';
import type { TortReport } from '@melon/shared/contracts/tort';
import { formatChinaDate } from '@melon/shared/format/relative-time';
import { tortMessages as t } from '../messages.ts';
import styles from './Tort.module.css';

const dateOf = (seconds: number) => formatChinaDate(seconds * 1000);

/** 我的投诉: the claimant's claims, newest first, each with its state and the operator's note. */
export function ClaimList({ claims }: { claims: readonly TortReport[] }) {
  return (
    <section className={styles.panel} aria-labelledby="tort-mine">
      <h2 id="tort-mine" className={styles.panelTitle}>
        {t.mine}
      </h2>
      {claims.length === 0 ? (
        <p className={styles.muted}>{t.mineEmpty}</p>
      ) : (
        <ol className={styles.claims} data-testid="tort-claims">
          {claims.map((claim) => (
            <li key={claim.id} className={styles.claim} data-testid={`tort-claim-${claim.id}`}>
              <div className={styles.claimHead}>
                <span className={styles.state} data-state={claim.state}>
                  {t.states[claim.state]}
                </span>
                <span className={styles.claimRight}>{t.rights[claim.right]}</span>
                <span className={styles.muted}>{t.referenceShort(claim.id)}</span>
              </div>
              <ul className={styles.claimItems}>
                {claim.items.map((item) => (
                  <li key={item.group_id}>
                    {claim.taken_down ? (
                      <span>{item.title}</span>
                    ) : (
                      <Link to={`/${item.group_id}`}>{item.title}</Link>
                    )}
                  </li>
                ))}
              </ul>
              {claim.proof_urls.length > 0 && (
                <div className={styles.claimProofs}>
                  {/* Private proofs: the server answers them to this session only. */}
                  {claim.proof_urls.map((url, index) => (
                    <img
                      key={url}
                      src={url}
                      alt={t.proofPicker.alt(index + 1)}
                      className={styles.claimProof}
                      loading="lazy"
                    />
                  ))}
                </div>
              )}
              {claim.taken_down && <p className={styles.takenDown}>{t.takenDown}</p>}
              {claim.decision_note && <p>{t.note(claim.decision_note)}</p>}
              <p className={styles.muted}>
                {t.filedAt(dateOf(claim.created_at))}
                {claim.decided_at > 0 && ` · ${t.decidedAt(dateOf(claim.decided_at))}`}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
