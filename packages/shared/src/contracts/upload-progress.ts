import Type, { type Static } from 'typebox';
import { MixIdString } from './video.ts';

/** The uploaded video whose processing the author follows. */
export const UploadProgressQuery = Type.Object({ item_id: MixIdString });

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
