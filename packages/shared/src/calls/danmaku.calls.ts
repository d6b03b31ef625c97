import Type from 'typebox';
import {
  AddShieldWordBody,
  DanmakuActionBody,
  DanmakuCallQuery,
  DanmakuExportQuery,
  DanmakuIdBody,
  DanmakuLikes,
  DanmakuList,
  DanmakuListQuery,
  DanmakuSent,
  DeleteShieldWordBody,
  ReportDanmakuBody,
  SendDanmakuBody,
  SendDanmakuReplyBody,
  SendStickerDanmakuBody,
  ShieldWordAdded,
  ShieldWordList,
} from '../contracts/danmaku.ts';
import { ReportFiled } from '../contracts/report.ts';
import { defineCall, type CallDeclaration } from './call.ts';

/**
 * What every danmaku call shares: its group, the SPEC §7 query (app_name, format) and the SPEC §6
 * rule that a 401 on a danmaku call does nothing (the player carries on).
 */
const danmakuCall = {
  tag: 'danmaku',
  query: DanmakuCallQuery,
  onUnauthorized: 'ignore',
} as const;

/** A write: only a signed-in user, answered 401 before the body is read otherwise. */
const signedIn = { ...danmakuCall, method: 'POST', signIn: 'required' } as const;

export const listDanmaku = defineCall({
  ...danmakuCall,
  method: 'GET',
  path: '/vpc_danmaku/list/v1/',
  summary: '按 6 分钟分段读取弹幕（每段至多 6000 条，超出时每 6 秒按比例保留，点赞多、较新的优先）',
  query: DanmakuListQuery,
  response: DanmakuList,
});

/** Limited per sender (one a second, 30 a minute), with the sticker and reply sends. */
export const sendDanmaku = defineCall({
  ...signedIn,
  path: '/vpc_danmaku/send/v1/',
  summary: '发送弹幕（字幕池与特殊池仅限视频作者）',
  body: SendDanmakuBody,
  response: DanmakuSent,
});

export const sendDanmakuReply = defineCall({
  ...signedIn,
  path: '/vpc_danmaku/send_reply/v1/',
  summary: '回复同一视频下的弹幕：一条以「回复 @昵称：」开头的普通弹幕',
  body: SendDanmakuReplyBody,
  response: DanmakuSent,
});

/** SPEC §7: posted as a form. */
export const sendStickerDanmaku = defineCall({
  ...signedIn,
  path: '/video/pc/sticker/send_danmaku/',
  summary: '发送表情弹幕（内置表情之一），与文字弹幕共用发送频率限制',
  encoding: 'form',
  body: SendStickerDanmakuBody,
  response: DanmakuSent,
});

export const deleteDanmaku = defineCall({
  ...signedIn,
  path: '/vpc_danmaku/delete/v1/',
  summary: '删除弹幕（发送者或视频作者）',
  body: DanmakuIdBody,
  response: Type.Null(),
});

/** action_type DANMAKU_ACTION_LIKE, the only action, likes once per user. */
export const danmakuAction = defineCall({
  ...signedIn,
  path: '/vpc_danmaku/action/v1/',
  summary: '弹幕操作：action_type 1 为点赞（每人一次）',
  body: DanmakuActionBody,
  response: DanmakuLikes,
});

/** One report per user and danmaku, later ones store nothing; counted with the other reports. */
export const reportDanmaku = defineCall({
  ...signedIn,
  path: '/vpc_danmaku/report/v1/',
  summary: '举报弹幕',
  body: ReportDanmakuBody,
  response: ReportFiled,
  rateLimit: 'report',
});

export const getShieldWords = defineCall({
  ...danmakuCall,
  method: 'GET',
  path: '/vpc_danmaku/shield_words/v1/',
  summary: '我的弹幕屏蔽词',
  signIn: 'required',
  response: ShieldWordList,
});

export const addShieldWord = defineCall({
  ...signedIn,
  path: '/vpc_danmaku/shield_words/add/v1/',
  summary: '添加弹幕屏蔽词（至多 200 个，每个至多 20 字）',
  body: AddShieldWordBody,
  response: ShieldWordAdded,
});

export const deleteShieldWord = defineCall({
  ...signedIn,
  path: '/vpc_danmaku/shield_words/delete/v1/',
  summary: '删除弹幕屏蔽词',
  body: DeleteShieldWordBody,
  response: Type.Null(),
});

/**
 * The item's danmaku as a bilibili XML file. It answers the file, not the envelope, so it is no
 * call of the typed client (which reads envelopes) and has no `response`: the server registers
 * its route from this, and a download link would take its path from here.
 */
export const exportDanmakuXml = {
  method: 'GET',
  path: '/api/videov2/danmaku/export',
  tag: 'danmaku',
  summary: '导出弹幕为 bilibili XML',
  query: DanmakuExportQuery,
} as const satisfies Omit<CallDeclaration, 'response'>;
