import { useCallback, useEffect, useState } from 'react';
import { getReportReasons } from '@melon/shared/calls/report.calls';
import type { ReportReason, ReportTargetKind } from '@melon/shared/contracts/report';
import { browserClient } from '~/lib/browser-client.ts';

export type ReasonsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; reasons: readonly ReportReason[] };

/** The reasons of one target kind from get_report_reasons, asked for when the dialog opens. */
export function useReportReasons(kind: ReportTargetKind): {
  state: ReasonsState;
  reload: () => void;
} {
  const [state, setState] = useState<ReasonsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    browserClient()
      .call(getReportReasons)
      .then(
        (all) => {
          if (current) setState({ status: 'ready', reasons: all[kind] });
        },
        () => {
          if (current) setState({ status: 'failed' });
        },
      );
    return () => {
      current = false;
    };
  }, [kind, attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { state, reload };
}
