import Type, { type Static } from 'typebox';

/** GET with `item_id`: the author's view of an uploaded video's processing. */
export const UPLOAD_PROGRESS_PATH = '/api/videov2/upload/progress';
/** The same as Server-Sent Events: one `data:` JSON message per change, closed once settled. */
export const UPLOAD_PROGRESS_STREAM_PATH = '/api/videov2/upload/progress/stream';

export const UploadProgressState = Type.Union([
  Type.Literal('processing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);
export type UploadProgressState = Static<typeof UploadProgressState>;

export const UploadProgress = Type.Object({
  item_id: Type.String(),
  /** `ready`: playable and in the feeds; `failed`: message says why. */
  state: UploadProgressState,
  /** Whole percents, 0–100: transcoding up to 85, covers, preview and storyboard after. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** What the author reads beside the bar (zh-CN). */
  message: Type.String(),
});
export type UploadProgress = Static<typeof UploadProgress>;
