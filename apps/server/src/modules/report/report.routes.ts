import type { FastifyInstance } from 'fastify';
import {
  getReportReasons,
  reportComment,
  reportUser,
  reportVideo,
} from '@melon/shared/calls/report.calls';
import { REPORT_REASONS } from '@melon/shared/contracts/report';
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

/** get_report_reasons and the three report calls of SPEC §7. */
export default function reportRoutes(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(reportFieldMessages));
  const reports = createReportService({ db: app.db, newId: app.newId });

  route(app, getReportReasons, (_input, { reply }) => {
    reply.header('cache-control', REASONS_CACHE);
    return REASONS;
  });

  // SPEC §5: the item id stands in when group_id is missing.
  route(app, reportVideo, ({ group_id, item_id, report_type, description }, { user }) => {
    const targetId = group_id ?? item_id;
    if (targetId === undefined) throw invalid(reportMessages.videoMissing, 'group_id');
    return reports.file(user.id, { kind: 'video', targetId, reportType: report_type, description });
  });

  route(app, reportUser, ({ user_id, report_type, description }, { user }) =>
    reports.file(user.id, {
      kind: 'user',
      targetId: user_id,
      reportType: report_type,
      description,
    }),
  );

  route(app, reportComment, ({ comment_id, report_type, description }, { user }) =>
    reports.file(user.id, {
      kind: 'comment',
      targetId: comment_id,
      reportType: report_type,
      description,
    }),
  );
}
