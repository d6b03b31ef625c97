import { PublishBody, Published } from '../contracts/publish.ts';
import { UploadProgress, UploadProgressQuery } from '../contracts/upload-progress.ts';
import { defineCall } from './call.ts';

/**
 * A finished upload of the caller (tus, UPLOAD_ENDPOINT) becomes a video; it plays once its
 * transcoding job is done.
 */
export const publishVideo = defineCall({
  method: 'POST',
  path: '/api/videov2/publish',
  tag: 'video',
  summary: '发布已上传完成的视频；转码完成后可播放',
  body: PublishBody,
  response: Published,
  signIn: 'required',
});

/** The author's view of an uploaded video's processing, once. */
export const getUploadProgress = defineCall({
  method: 'GET',
  path: '/api/videov2/upload/progress',
  tag: 'upload',
  summary: '作者查看上传视频的处理进度',
  query: UploadProgressQuery,
  response: UploadProgress,
  signIn: 'required',
});

/** The same, live: one message per change, the stream closed once the video is settled. */
export const streamUploadProgress = defineCall({
  method: 'GET',
  path: '/api/videov2/upload/progress/stream',
  tag: 'upload',
  summary: '处理进度的实时推送（Server-Sent Events，每次变化一条 {state, progress, message}）',
  query: UploadProgressQuery,
  response: UploadProgress,
  answer: 'event-stream',
  signIn: 'required',
});
