import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import {
  reportReasonOf,
  type ReportFiled,
  type ReportTargetKind,
} from '@melon/shared/contracts/report';
import { invalid } from '../../lib/domain-error.ts';
import { checkCommentTarget, checkUserTarget, checkVideoTarget } from './report-targets.ts';
import { reportMessages } from './report.messages.ts';
import { insertReportOnce } from './report.repository.ts';

/** The reason every kind offers for what its list does not name; it needs the reporter's words. */
const OTHER_REASON = 99;

const CHECK_TARGET = {
  video: checkVideoTarget,
  user: checkUserTarget,
  comment: checkCommentTarget,
} as const satisfies Record<ReportTargetKind, unknown>;

export interface ReportInput {
  kind: ReportTargetKind;
  targetId: string;
  reportType: number;
  description: string | undefined;
}

/** The words kept with a report: trimmed; required for 其他. */
function checkedDescription({ kind, reportType, description = '' }: ReportInput): string {
  if (!reportReasonOf(kind, reportType)) {
    throw invalid(reportMessages.reasonMissing, 'report_type');
  }
  const words = description.trim();
  if (reportType === OTHER_REASON && words === '') {
    throw invalid(reportMessages.descriptionNeeded, 'description');
  }
  return words;
}

export function createReportService({ db, newId }: { db: Kysely<Database>; newId: () => string }) {
  return {
    /**
     * Stores a report once per reporter and target; a repeat stores nothing and says so. The
     * reason is checked before the target, so a bad report learns nothing about it.
     */
    async file(reporterId: string, input: ReportInput): Promise<ReportFiled> {
      const description = checkedDescription(input);
      const targetId = await CHECK_TARGET[input.kind](db, input.targetId, reporterId);
      const stored = await insertReportOnce(db, {
        id: newId(),
        reporter_id: reporterId,
        target_kind: input.kind,
        target_id: targetId,
        report_type: input.reportType,
        description,
        created_at: Date.now(),
      });
      return { already_reported: !stored };
    },
  };
}
