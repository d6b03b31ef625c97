import type { SearchSnapshot } from '@melon/shared/contracts/search';
import { searchMessages as t, searchTypeLabels } from '../messages.ts';
import styles from './SnapshotPage.module.css';

const score = (n: number) => n.toFixed(4);

/** The search debug page: a query, what it was read as, and each result's score by part. */
export function SnapshotPage({ snapshot }: { snapshot: SearchSnapshot }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t.snapshotTitle}</h1>
      <form method="get" className={styles.form}>
        <label className={styles.label}>
          {t.snapshotQuery}
          <input
            name="keyword"
            defaultValue={snapshot.keyword}
            className={styles.input}
            maxLength={50}
            required
          />
        </label>
        <button type="submit" className={styles.submit}>
          {t.submit}
        </button>
      </form>
      {snapshot.keyword ? (
        <>
          <p>
            {t.snapshotTokens}：
            {snapshot.tokens.map((token) => (
              <code key={token} className={styles.token}>
                {token}
              </code>
            ))}
            <span className={styles.total}>{t.count(snapshot.total)}</span>
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t.snapshotRank}</th>
                  <th scope="col">{t.snapshotKind}</th>
                  <th scope="col">{t.snapshotName}</th>
                  <th scope="col">{t.snapshotScore}</th>
                  <th scope="col">{t.snapshotText}</th>
                  <th scope="col">{t.snapshotPopularity}</th>
                  <th scope="col">{t.snapshotFreshness}</th>
                  <th scope="col">{t.snapshotMatched}</th>
                </tr>
              </thead>
              <tbody>
                {snapshot.results.map((row) => (
                  <tr key={`${row.kind}${row.id}`}>
                    <td>{row.rank}</td>
                    <td>{row.kind === 'user' ? searchTypeLabels.user : searchTypeLabels.svideo}</td>
                    <td>
                      {row.title}
                      <br />
                      <code>{row.id}</code>
                    </td>
                    <td>{score(row.score)}</td>
                    <td>{score(row.parts.text)}</td>
                    <td>{score(row.parts.popularity)}</td>
                    <td>{score(row.parts.freshness)}</td>
                    <td>{row.matched.join('、')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p>{t.snapshotEmpty}</p>
      )}
    </div>
  );
}
