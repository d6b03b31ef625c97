import Type, { type Static } from 'typebox';

/** The largest comment picture accepted, in bytes (decision 031). */
export const COMMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A stored comment picture is at most this many pixels on its longer side. */
export const COMMENT_IMAGE_MAX_SIDE = 2048;

/** uploadCommentImage query: SPEC §7 `sk=xg_pc`. */
export const UploadCommentImageQuery = Type.Object({ sk: Type.Literal('xg_pc') });

/**
 * uploadCommentImage data. `uri` is what a comment sends as its `image_info`; `url` is where the
 * picture is served; the size is the stored picture's, after re-encoding.
 */
export const CommentImageUploaded = Type.Object({
  uri: Type.String(),
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type CommentImageUploaded = Static<typeof CommentImageUploaded>;

/** Stored comment pictures live in this directory of the media root. */
export const COMMENT_IMAGE_DIR = 'comment-images';

const COMMENT_IMAGE_URI = new RegExp(`^${COMMENT_IMAGE_DIR}/[1-9][0-9]{15,25}\\.webp$`);

/**
 * Whether `value` has the form of an uploaded comment picture's uri (what `image_info` carries).
 * The form only: the server also looks the uri up (modules/image) before a comment keeps it.
 */
export const isCommentImageUri = (value: string): boolean => COMMENT_IMAGE_URI.test(value);
