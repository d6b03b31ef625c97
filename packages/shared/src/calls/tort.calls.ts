import {
  TortItems,
  TortItemsQuery,
  TORT_PROOF_PATH,
  TortProofUploaded,
  TortReportBody,
  TortReportFiled,
  TortReportList,
  TortReportUrl,
  TortReportUrlQuery,
} from '../contracts/tort.ts';
import { defineCall } from './call.ts';

/*
 * Infringement claims 侵权投诉 (SPEC §7 Other, decision 055). tort_report_url and tort_report
 * are the SPEC's; resolving the links box and the claimant's own claims are Melon's, for the
 * /tort page. Filing and reading are signed in: a rights claim needs an accountable claimant.
 * The operator decides with `melon tort decide`.
 */

export const getTortReportUrl = defineCall({
  method: 'GET',
  path: '/api/otherv2/tort_report_url',
  tag: 'tort',
  summary: '侵权投诉页的地址（给出 group_id 时预填该视频）',
  query: TortReportUrlQuery,
  response: TortReportUrl,
});

const signedIn = { tag: 'tort', signIn: 'required', onUnauthorized: { prompt: 'other' } } as const;

export const resolveTortItems = defineCall({
  ...signedIn,
  method: 'GET',
  path: '/api/otherv2/tort_report_items',
  summary: '逐行解析侵权链接，说明每行对应的视频或不能投诉的原因',
  query: TortItemsQuery,
  response: TortItems,
});

/**
 * A proof picture (multipart field `image`), sent by XMLHttpRequest for its progress events:
 * re-encoded and stored privately, for the uploader's claims only. It counts with the comment
 * pictures' uploads (one bucket of picture uploads per user).
 */
export const uploadTortProof = defineCall({
  method: 'POST',
  path: TORT_PROOF_PATH,
  tag: 'tort',
  summary: '上传权属证明图片（仅本人可见；multipart 字段 image，最大 5 MB）',
  encoding: 'multipart',
  response: TortProofUploaded,
  signIn: 'required',
  onUnauthorized: 'ignore',
  rateLimit: 'commentImageUpload',
});

export const fileTortReport = defineCall({
  ...signedIn,
  method: 'POST',
  path: '/api/otherv2/tort_report',
  summary: '提交侵权投诉；同一 submit_id 重复提交只记一次',
  body: TortReportBody,
  response: TortReportFiled,
  rateLimit: 'tortReport',
});

export const getMyTortReports = defineCall({
  ...signedIn,
  method: 'GET',
  path: '/api/otherv2/tort_reports',
  summary: '我提交的侵权投诉及处理状态，最新的在前',
  response: TortReportList,
});
