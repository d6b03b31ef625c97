import type { FastifyInstance } from 'fastify';
import {
  getReportReasons,
  reportComment,
  reportUser,
  reportVideo,
} from '@melon/shared/calls/report.calls';
import { REPORT_REASONS, type ReportTargetKind } from '@melon/shared/contracts/report';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { invalid } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { reportFieldMessages, reportMessages } from './report.messages.ts';
import { createReportService } from './report.service.ts';

/** The reasons change only with a release. */
const REASONS_CACHE = 'public, max-age=3600';

/** get_report_reasons' answer, the same for everyone. */
const REASONS = {
  video: [...REPORT_REASONS.video],
  user: [...REPORT_REASONS.user],
  comment: [...REPORT_REASONS.comment],
};

/** What every report call sends besides its target: the reason's number and optional words. */
interface ReasonFields {
  report_type: number;
  description?: string | undefined;
}

/** get_report_reasons and the three report calls of SPEC §7. */
export default function reportRoutes(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(reportFieldMessages));
  const reports = createReportService({ db: app.db, newId: app.newId });

  route(app, getReportReasons, (_input, { reply }) => {
    reply.header('cache-control', REASONS_CACHE);
    return REASONS;
  });

  /** Files the signed-in user's report on the target with the reason fields every call sends. */
  const file = (
    reporterId: string,
    kind: ReportTargetKind,
    targetId: string,
    fields: ReasonFields,
  ) =>
    reports.file(reporterId, {
      kind,
      targetId,
      reportType: fields.report_type,
      description: fields.description,
    });

  // SPEC §5: the item id stands in when group_id is missing.
  route(app, reportVideo, (input, { user }) => {
    const targetId = input.group_id ?? input.item_id;
    if (targetId === undefined) throw invalid(reportMessages.videoMissing, 'group_id');
    return file(user.id, 'video', targetId, input);
  });

  route(app, reportUser, (input, { user }) => file(user.id, 'user', input.user_id, input));

  route(app, reportComment, (input, { user }) => file(user.id, 'comment', input.comment_id, input));
}
