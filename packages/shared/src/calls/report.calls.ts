import {
  ReportCommentBody,
  ReportFiled,
  ReportReasons,
  ReportUserBody,
  ReportVideoBody,
} from '../contracts/report.ts';
import { defineCall } from './call.ts';

/** The reasons a report may give, per target kind (video, user, comment). */
export const getReportReasons = defineCall({
  method: 'GET',
  path: '/api/otherv2/get_report_reasons',
  tag: 'report',
  summary: '举报理由（视频、用户、评论）',
  response: ReportReasons,
});

/** Reports a video; one report per user and video, later ones store nothing. */
export const reportVideo = defineCall({
  method: 'POST',
  path: '/api/videov2/report',
  tag: 'report',
  summary: '举报视频',
  body: ReportVideoBody,
  response: ReportFiled,
  signIn: 'required',
  onUnauthorized: { prompt: 'other' },
  rateLimit: 'report',
});

/** Reports a user; one report per reporter and user. */
export const reportUser = defineCall({
  method: 'POST',
  path: '/api/userv2/report',
  tag: 'report',
  summary: '举报用户',
  body: ReportUserBody,
  response: ReportFiled,
  signIn: 'required',
  onUnauthorized: { prompt: 'other' },
  rateLimit: 'report',
});

/** Reports a comment; one report per reporter and comment. */
export const reportComment = defineCall({
  method: 'POST',
  path: '/api/commentv2/report',
  tag: 'report',
  summary: '举报评论',
  body: ReportCommentBody,
  response: ReportFiled,
  signIn: 'required',
  onUnauthorized: { prompt: 'other' },
  rateLimit: 'report',
});
