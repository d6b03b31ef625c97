import { Link } from 'react-router';
import { StatusMessage, statusActionClass } from '~/components/ui/StatusMessage.tsx';
import { errorMessages as t } from '~/features/errors/messages.ts';
import styles from './ErrorArt.module.css';

/** The page of any unknown or invalid address (HTTP 404). */
export function NotFoundPage() {
  return (
    <StatusMessage
      art={<span className={styles.code}>404</span>}
      title={t.notFoundTitle}
      actions={
        <Link to="/" className={statusActionClass}>
          {t.backHome}
        </Link>
      }
    >
      <p>{t.notFoundText}</p>
    </StatusMessage>
  );
}
