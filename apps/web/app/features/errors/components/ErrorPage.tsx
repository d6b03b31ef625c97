import { Link } from 'react-router';
import { StatusMessage, statusActionClass } from '~/components/ui/StatusMessage.tsx';
import { errorMessages as t } from '~/features/errors/messages.ts';
import styles from './ErrorArt.module.css';

/** The page shown when rendering or loading failed for another reason than 404. */
export function ErrorPage({ status }: { status?: number }) {
  return (
    <StatusMessage
      art={<span className={styles.code}>{status ?? '!'}</span>}
      title={t.errorTitle}
      actions={
        <>
          <button
            type="button"
            className={statusActionClass}
            onClick={() => {
              window.location.reload();
            }}
          >
            {t.reload}
          </button>
          <Link to="/" className={`${statusActionClass} ${styles.secondary}`}>
            {t.backHome}
          </Link>
        </>
      }
    >
      <p>{t.errorText}</p>
    </StatusMessage>
  );
}
