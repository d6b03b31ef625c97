import { Link } from 'react-router';
import { StatusMessage, statusActionClass } from '~/components/ui/StatusMessage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';

interface ComingSoonPageProps {
  title: string;
  /** Defaults to 内容即将上线. */
  note?: string;
  /** Short lines naming what the page is about (an id, a keyword). */
  details?: readonly string[];
}

function Art() {
  return (
    <svg
      width="72"
      height="72"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="5" width="18" height="13" rx="2.5" />
      <path d="M10 9.2v4.6l4-2.3z" />
      <path d="M8 21h8" />
    </svg>
  );
}

/** An honest placeholder for a page whose feature is not built yet. */
export function ComingSoonPage({ title, note = t.note, details = [] }: ComingSoonPageProps) {
  return (
    <StatusMessage
      art={<Art />}
      title={title}
      actions={
        <Link to="/" className={statusActionClass}>
          {t.backHome}
        </Link>
      }
    >
      {details.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>{note}</p>
    </StatusMessage>
  );
}
