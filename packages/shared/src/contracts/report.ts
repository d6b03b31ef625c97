import Type, { type Static } from 'typebox';
import { MULTI_LINE_TEXT_PATTERN } from '../display-text.ts';
import { MIX_ID_PATTERN } from '../ids/id-rules.ts';

/** What can be reported: a video (or any item), a user, a comment. */
export const REPORT_TARGET_KINDS = ['video', 'user', 'comment'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** One reason a report can give: its number (sent back as `report_type`) and its words. */
export interface ReportReason {
  report_type: number;
  text: string;
}

/**
 * The reasons of each target kind, as Xigua and Bilibili offer them. Numbers are kept forever
 * once given (stored reports carry them); a retired reason is removed, never renumbered.
 * 99 is always 其他, for which the description says what is wrong.
 */
export const REPORT_REASONS: Readonly<Record<ReportTargetKind, readonly ReportReason[]>> = {
  video: [
    { report_type: 1, text: '违法违禁' },
    { report_type: 2, text: '色情低俗' },
    { report_type: 3, text: '赌博诈骗' },
    { report_type: 4, text: '血腥暴力' },
    { report_type: 5, text: '人身攻击' },
    { report_type: 6, text: '侵犯未成年人权益' },
    { report_type: 7, text: '虚假不实信息' },
    { report_type: 8, text: '标题党、封面党' },
    { report_type: 9, text: '搬运、抄袭' },
    { report_type: 10, text: '垃圾广告' },
    { report_type: 99, text: '其他' },
  ],
  user: [
    { report_type: 1, text: '头像违规' },
    { report_type: 2, text: '昵称违规' },
    { report_type: 3, text: '简介违规' },
    { report_type: 4, text: '冒充他人' },
    { report_type: 5, text: '发布违法违禁内容' },
    { report_type: 6, text: '骚扰、人身攻击' },
    { report_type: 7, text: '诈骗、垃圾广告' },
    { report_type: 99, text: '其他' },
  ],
  comment: [
    { report_type: 1, text: '违法违禁' },
    { report_type: 2, text: '色情低俗' },
    { report_type: 3, text: '赌博诈骗' },
    { report_type: 4, text: '人身攻击' },
    { report_type: 5, text: '引战' },
    { report_type: 6, text: '剧透' },
    { report_type: 7, text: '刷屏' },
    { report_type: 8, text: '垃圾广告' },
    { report_type: 99, text: '其他' },
  ],
};

/** The reason a report of `kind` gives by its number, if there is one. */
export const reportReasonOf = (
  kind: ReportTargetKind,
  reportType: number,
): ReportReason | undefined =>
  REPORT_REASONS[kind].find((reason) => reason.report_type === reportType);

/** The longest description a report may carry. */
export const REPORT_DESCRIPTION_MAX_LENGTH = 200;

const Reason = Type.Object({ report_type: Type.Integer(), text: Type.String() });

/** getReportReasons data: the reasons of every target kind. */
export const ReportReasons = Type.Object({
  video: Type.Array(Reason),
  user: Type.Array(Reason),
  comment: Type.Array(Reason),
});
export type ReportReasons = Static<typeof ReportReasons>;

/** What every report carries besides its target: the reason's number and optional words. */
const ReasonFields = {
  report_type: Type.Integer({ minimum: 1, maximum: 999 }),
  description: Type.Optional(
    Type.String({ maxLength: REPORT_DESCRIPTION_MAX_LENGTH, pattern: MULTI_LINE_TEXT_PATTERN }),
  ),
};

const MixId = Type.String({ pattern: MIX_ID_PATTERN });

/** reportVideo body: the video by group_id, or by item_id when group_id is missing (SPEC §5). */
export const ReportVideoBody = Type.Object({
  group_id: Type.Optional(MixId),
  item_id: Type.Optional(MixId),
  ...ReasonFields,
});
export type ReportVideoBody = Static<typeof ReportVideoBody>;

/** reportUser body. */
export const ReportUserBody = Type.Object({ user_id: MixId, ...ReasonFields });
export type ReportUserBody = Static<typeof ReportUserBody>;

/** reportComment body. */
export const ReportCommentBody = Type.Object({
  comment_id: Type.String({ pattern: '^[1-9][0-9]{0,25}$' }),
  ...ReasonFields,
});
export type ReportCommentBody = Static<typeof ReportCommentBody>;

/**
 * A report's answer. One report per reporter and target: a second one is answered with
 * `already_reported: true` and stores nothing (the first reason stands).
 */
export const ReportFiled = Type.Object({ already_reported: Type.Boolean() });
export type ReportFiled = Static<typeof ReportFiled>;
