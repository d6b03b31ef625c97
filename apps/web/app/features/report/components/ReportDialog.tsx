import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@melon/shared/client/errors';
import { REPORT_DESCRIPTION_MAX_LENGTH } from '@melon/shared/contracts/report';
import { tortReportPath } from '@melon/shared/tort/tort-links';
import { CloseButton } from '~/components/ui/CloseButton.tsx';
import { Modal } from '~/components/ui/Modal.tsx';
import { useReportReasons } from '../hooks/use-report-reasons.ts';
import { reportMessages as t } from '../messages.ts';
import { sendReport, type ReportTarget } from '../report-target.ts';
import styles from './ReportDialog.module.css';

/** The reason every kind offers for what its list does not name; it needs words. */
const OTHER_REASON = 99;

type Phase =
  | { step: 'choosing'; error: string | null }
  | { step: 'sending' }
  | { step: 'done'; message: string };

/** What to tell the reporter about a refused report: the server's words, else a fallback. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return t.failed;
}

/**
 * The report dialog for a video, a user or a comment: the reasons of the target's kind from
 * get_report_reasons, optional words (required for 其他), and the answer — filed, or already
 * filed before. The caller opens it for a signed-in viewer (the login guard, source report).
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const { state, reload } = useReportReasons(target.kind);
  const [reportType, setReportType] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [phase, setPhase] = useState<Phase>({ step: 'choosing', error: null });
  const wordsRequired = reportType === OTHER_REASON;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase.step !== 'choosing') return;
    if (reportType === null) {
      setPhase({ step: 'choosing', error: t.chooseReason });
      return;
    }
    if (wordsRequired && description.trim() === '') {
      setPhase({ step: 'choosing', error: t.describeOther });
      return;
    }
    setPhase({ step: 'sending' });
    sendReport(target, { report_type: reportType, description }).then(
      ({ already_reported }) => {
        setPhase({ step: 'done', message: already_reported ? t.alreadyFiled : t.filed });
      },
      (error: unknown) => {
        setPhase({ step: 'choosing', error: failureOf(error) });
      },
    );
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} className={styles.dialog} sheetOnPhones>
      <h2 id={titleId} className={styles.title}>
        {t.title[target.kind]}
      </h2>
      <CloseButton label={t.close} size={20} className={styles.close} onClick={onClose} />
      {phase.step === 'done' ? (
        <div className={styles.done}>
          <p role="status">{phase.message}</p>
          {/* The form that held focus is gone: the answer's one button takes it (Escape works). */}
          <button type="button" className={styles.submit} autoFocus onClick={onClose}>
            {t.done}
          </button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <fieldset className={styles.reasons} disabled={phase.step === 'sending'}>
            <legend className={styles.legend}>{t.reasons}</legend>
            {state.status === 'loading' && <p className={styles.note}>{t.loadingReasons}</p>}
            {state.status === 'failed' && (
              <p className={styles.note}>
                {t.reasonsFailed}
                <button type="button" className={styles.retry} onClick={reload}>
                  {t.retry}
                </button>
              </p>
            )}
            {state.status === 'ready' &&
              state.reasons.map((reason) => (
                <label key={reason.report_type} className={styles.reason}>
                  <input
                    type="radio"
                    name="report_type"
                    value={reason.report_type}
                    checked={reportType === reason.report_type}
                    onChange={() => {
                      setReportType(reason.report_type);
                      setPhase({ step: 'choosing', error: null });
                    }}
                  />
                  <span>{reason.text}</span>
                </label>
              ))}
          </fieldset>
          <label htmlFor={descriptionId} className={styles.legend}>
            {wordsRequired ? t.descriptionRequired : t.description}
          </label>
          <div className={styles.textareaBox}>
            <textarea
              id={descriptionId}
              className={styles.textarea}
              value={description}
              maxLength={REPORT_DESCRIPTION_MAX_LENGTH}
              rows={3}
              required={wordsRequired}
              placeholder={t.descriptionPlaceholder}
              disabled={phase.step === 'sending'}
              onChange={(event) => {
                setDescription(event.target.value);
                setPhase({ step: 'choosing', error: null });
              }}
            />
            <span className={styles.count} aria-hidden="true">
              {t.descriptionCount(description.length)}
            </span>
          </div>
          {target.kind === 'video' && (
            <p className={styles.note}>
              {t.tortNote}
              <Link to={tortReportPath(target.id)}>{t.tortLink}</Link>
            </p>
          )}
          {phase.step === 'choosing' && phase.error && (
            <p className={styles.error} role="alert">
              {phase.error}
            </p>
          )}
          <div className={styles.actions}>
            <button type="button" className={styles.cancel} onClick={onClose}>
              {t.cancel}
            </button>
            <button
              type="submit"
              className={styles.submit}
              disabled={phase.step === 'sending' || state.status !== 'ready'}
            >
              {phase.step === 'sending' ? t.submitting : t.submit}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
