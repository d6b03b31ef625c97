import { reportComment, reportUser, reportVideo } from '@melon/shared/calls/report.calls';
import type { ReportFiled, ReportTargetKind } from '@melon/shared/contracts/report';
import { browserClient } from '~/lib/browser-client.ts';

/** What is being reported: a video (its item id), a user, or a comment, by id. */
export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
}

/** The reason's number from get_report_reasons and the reporter's words. */
export interface ReportChoice {
  report_type: number;
  description: string;
}

/** Sends the report with the call of the target's kind (SPEC §7). */
export function sendReport(target: ReportTarget, choice: ReportChoice): Promise<ReportFiled> {
  const client = browserClient();
  const description = choice.description.trim() || undefined;
  const fields = { report_type: choice.report_type, description };
  switch (target.kind) {
    case 'video':
      return client.call(reportVideo, { group_id: target.id, ...fields });
    case 'user':
      return client.call(reportUser, { user_id: target.id, ...fields });
    case 'comment':
      return client.call(reportComment, { comment_id: target.id, ...fields });
  }
}
