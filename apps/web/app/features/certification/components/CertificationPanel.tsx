import { useState } from 'react';
import { applyCertification } from '@melon/shared/calls/certification.calls';
import { ApiError } from '@melon/shared/client/errors';
import type {
  CertificationApplication,
  CertificationKind,
} from '@melon/shared/contracts/certification';
import { browserClient } from '~/lib/browser-client.ts';
import { certificationMessages as t } from '../messages.ts';
import styles from './Certification.module.css';

interface CertificationPanelProps {
  kind: CertificationKind;
  /** The newest application of this kind; null before the first. */
  application: CertificationApplication | null;
  onSubmitted: (application: CertificationApplication) => void;
}

const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });

/**
 * One kind of certification: the state of the newest application (审核中 / 已通过 / 未通过 with
 * the reason), and the form while there is none or after a rejection.
 */
export function CertificationPanel({ kind, application, onSubmitted }: CertificationPanelProps) {
  const text = t.kinds[kind];
  const [field, setField] = useState(application?.field ?? '');
  const [realName, setRealName] = useState(application?.real_name ?? '');
  const [proof, setProof] = useState(application?.proof ?? '');
  const [works, setWorks] = useState(application?.works.join('\n') ?? '');
  const [error, setError] = useState('');
  const open = application === null || application.state === 'rejected';
  const id = `certification-${kind}`;

  async function submit() {
    setError('');
    const links = works
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    try {
      const saved = await browserClient().call(applyCertification, {
        kind,
        field,
        works: links,
        ...(kind === 'profession' ? { real_name: realName, proof } : {}),
      });
      onSubmitted(saved);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t.failed);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={id} data-testid={id}>
      <h3 id={id}>{text.title}</h3>
      <p className={styles.note}>{text.intro}</p>
      {application && (
        <p className={styles.state} data-state={application.state}>
          <strong>{t.states[application.state]}</strong>
          <span>{application.field}</span>
          <span className={styles.note}>{t.submittedAt(dateOf(application.create_time))}</span>
          {application.state === 'rejected' && (
            <span>{application.reason ? t.reason(application.reason) : t.noReason}</span>
          )}
        </p>
      )}
      {open && (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label>
            {text.field}
            <input
              value={field}
              maxLength={20}
              required
              placeholder={text.fieldPlaceholder}
              onChange={(e) => {
                setField(e.target.value);
              }}
            />
          </label>
          {kind === 'profession' && (
            <>
              <label>
                {t.realName}
                <input
                  value={realName}
                  maxLength={20}
                  required
                  autoComplete="name"
                  onChange={(e) => {
                    setRealName(e.target.value);
                  }}
                />
              </label>
              <label>
                {t.proof}
                <textarea
                  value={proof}
                  maxLength={500}
                  required
                  rows={3}
                  placeholder={t.proofPlaceholder}
                  onChange={(e) => {
                    setProof(e.target.value);
                  }}
                />
              </label>
            </>
          )}
          <label>
            {t.works}
            <textarea
              value={works}
              rows={3}
              required={kind === 'interest'}
              placeholder={t.worksPlaceholder}
              onChange={(e) => {
                setWorks(e.target.value);
              }}
            />
          </label>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={styles.primary}>
            {application ? t.resubmit : t.submit}
          </button>
        </form>
      )}
    </section>
  );
}
