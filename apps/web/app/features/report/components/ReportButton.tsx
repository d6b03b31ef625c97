import { useState } from 'react';
import { reportMessages as t } from '../messages.ts';
import type { ReportTarget } from '../report-target.ts';
import styles from './ReportButton.module.css';
import { ReportDialog } from './ReportDialog.tsx';

/**
 * Runs `action` when signed in; otherwise opens the login prompt titled for report (SPEC §6).
 * The route hands in the passport's guard.
 */
export type ReportGuard = (source: 'report', action: () => void) => void;

interface ReportButtonProps {
  target: ReportTarget;
  /** Whose the target is: nobody reports their own. */
  ownerId: string;
  /** The signed-in viewer, or null. */
  viewerId: string | null;
  guard: ReportGuard;
}

/** 举报: opens the report dialog once signed in. Not shown for the viewer's own things. */
export function ReportButton({ target, ownerId, viewerId, guard }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  if (viewerId === ownerId) return null;
  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        onClick={() => {
          guard('report', () => {
            setOpen(true);
          });
        }}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path
            d="M3 1.5v13M3 2.5h9l-2 3 2 3H3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
          />
        </svg>
        {t.open}
      </button>
      {open && (
        <ReportDialog
          target={target}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
