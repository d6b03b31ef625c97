import { useState, type ReactNode } from 'react';
import { feedbackMessages as t } from '../messages.ts';
import { FeedbackDialog } from './FeedbackDialog.tsx';

/**
 * A button opening the feedback dialog (decision 060); once sent, the dialog closes and the
 * toast thanks the sender. The side menu's footer and the fixed buttons each have one.
 */
export function FeedbackEntry({
  className,
  label,
  notify,
  children,
}: {
  className: string | undefined;
  /** The accessible name when the button shows less than 意见反馈. */
  label?: string;
  /** Shows a short message (the app's toast). */
  notify: (message: string) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        {children}
      </button>
      {open && (
        <FeedbackDialog
          onClose={() => {
            setOpen(false);
          }}
          onSent={() => {
            setOpen(false);
            notify(t.thanks);
          }}
        />
      )}
    </>
  );
}
