import {
  StudioAnalytics,
  StudioCoverFrameBody,
  StudioDeleteBody,
  StudioDeleted,
  StudioEditBody,
  StudioVideoDetail,
  StudioVideoQuery,
  StudioVideosPage,
  StudioVideosQuery,
} from '../contracts/studio.ts';
import { defineCall } from './call.ts';

/*
 * The creator studio's videos (issue 14, decision 045). Every call is the author's own: another
 * user's video answers 403 and nothing changes; an unknown or deleted one 404.
 */

/** The author's videos, newest first, whatever their visibility or media state. */
export const getStudioVideos = defineCall({
  method: 'GET',
  path: '/api/studio/videos',
  tag: 'studio',
  summary: '创作中心：我的视频（含转码中、失败与仅自己可见），按发布时间倒序分页',
  query: StudioVideosQuery,
  response: StudioVideosPage,
  signIn: 'required',
});

/** One of the author's videos with what the edit form shows. */
export const getStudioVideo = defineCall({
  method: 'GET',
  path: '/api/studio/video',
  tag: 'studio',
  summary: '创作中心：读取一个视频的可编辑信息',
  query: StudioVideoQuery,
  response: StudioVideoDetail,
  signIn: 'required',
});

/** Title, description, tags, channel, visibility and marks, in one transaction. */
export const editStudioVideo = defineCall({
  method: 'POST',
  path: '/api/studio/video/edit',
  tag: 'studio',
  summary: '创作中心：修改标题、简介、标签、频道、可见范围与片头片尾标记',
  body: StudioEditBody,
  response: StudioVideoDetail,
  signIn: 'required',
  rateLimit: 'studioEdit',
});

/**
 * A new cover from an uploaded picture (multipart field `cover`, at most 5 MB), cut to 16:9 in
 * the two sizes the transcoder makes; the video must have finished transcoding.
 */
export const uploadStudioCover = defineCall({
  method: 'POST',
  path: '/api/studio/video/cover',
  tag: 'studio',
  summary: '创作中心：上传新封面（multipart 字段 cover，最大 5 MB，裁成 16:9）',
  query: StudioVideoQuery,
  encoding: 'multipart',
  response: StudioVideoDetail,
  signIn: 'required',
  rateLimit: 'studioCover',
});

/**
 * A new cover from the frame shown `time_ms` into the video, grabbed from its stored source and
 * cut like an upload; the video must have finished transcoding.
 */
export const setStudioCoverFrame = defineCall({
  method: 'POST',
  path: '/api/studio/video/cover_frame',
  tag: 'studio',
  summary: '创作中心：以视频某一时刻的画面作为封面（time_ms 须在视频时长内）',
  body: StudioCoverFrameBody,
  response: StudioVideoDetail,
  signIn: 'required',
  rateLimit: 'studioCover',
});

/** The video is deleted: gone everywhere, its files removed from storage, the counts down. */
export const deleteStudioVideo = defineCall({
  method: 'POST',
  path: '/api/studio/video/delete',
  tag: 'studio',
  summary: '创作中心：删除视频（同时删除存储中的媒体文件）',
  body: StudioDeleteBody,
  response: StudioDeleted,
  signIn: 'required',
  rateLimit: 'studioEdit',
});

/** Plays per day for 30 days and audience retention from the stored progress. */
export const getStudioAnalytics = defineCall({
  method: 'GET',
  path: '/api/studio/video/analytics',
  tag: 'studio',
  summary: '创作中心：近 30 天每日播放与观众留存',
  query: StudioVideoQuery,
  response: StudioAnalytics,
  signIn: 'required',
});
