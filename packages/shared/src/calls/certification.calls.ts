import {
  ApplyCertificationBody,
  CertificationApplication,
  CertificationStatus,
} from '../contracts/certification.ts';
import { defineCall } from './call.ts';

/*
 * Creator certification (decision 046): Melon's own calls, signed in. The review is the
 * operator's: `melon certification review <id> approve|reject [--reason <text>]`.
 */

export const getCertificationStatus = defineCall({
  method: 'GET',
  path: '/api/studio/certification',
  tag: 'studio',
  summary: '我的兴趣认证与职业认证申请及其状态',
  response: CertificationStatus,
  signIn: 'required',
});

export const applyCertification = defineCall({
  method: 'POST',
  path: '/api/studio/certification/apply',
  tag: 'studio',
  summary: '提交认证申请（每种一份待审核；未通过后可重新提交）',
  body: ApplyCertificationBody,
  response: CertificationApplication,
  signIn: 'required',
  rateLimit: 'reaction',
});
