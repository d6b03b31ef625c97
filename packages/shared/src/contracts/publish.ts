import Type, { type Static } from 'typebox';
import { MIX_ID_PATTERN } from '../ids/id-rules.ts';

/**
 * The resumable upload (tus 1.0.0) of a creator's video. POST creates an upload and answers its
 * URL (this path plus the upload id); HEAD, PATCH and DELETE act on that URL.
 */
export const UPLOAD_ENDPOINT = '/api/upload/video/';
/** Bytes per PATCH: a dropped connection costs at most one chunk. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
/** The largest file accepted by default (the server's limit is a setting). */
export const DEFAULT_UPLOAD_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** An upload not published within this time is deleted, finished or not. */
export const UPLOAD_TTL_MS = 24 * 3600 * 1000;
/** The file name carried in the upload's metadata (`filename`). */
export const FILENAME_MAX_LENGTH = 255;

/** Form limits of the publish page; the server enforces the same. */
export const TITLE_MAX_LENGTH = 80;
export const ABSTRACT_MAX_LENGTH = 2000;
export const TAG_MAX_COUNT = 10;
export const TAG_MAX_LENGTH = 20;
/** Cover frame times are whole milliseconds from the start, at most this far in. */
export const COVER_TIME_MAX_MS = 24 * 3600 * 1000;

/** The upload id as the server names uploads: a time-ordered 19-digit id. */

/** publishVideo body: turns a finished upload into a video. */
export const PublishBody = Type.Object({
  upload_id: Type.String({ pattern: MIX_ID_PATTERN }),
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH }),
  abstract: Type.Optional(Type.String({ maxLength: ABSTRACT_MAX_LENGTH })),
  tags: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: TAG_MAX_LENGTH }), {
      maxItems: TAG_MAX_COUNT,
    }),
  ),
  channel_id: Type.Integer({ minimum: 1 }),
  /** A frame for the cover, from the start; absent: the automatic cover. */
  cover_time_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: COVER_TIME_MAX_MS })),
});
export type PublishBody = Static<typeof PublishBody>;

/** The new video; it plays once its transcoding job is done. */
export const Published = Type.Object({ item_id: Type.String() });
export type Published = Static<typeof Published>;
