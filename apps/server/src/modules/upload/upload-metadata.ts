import { codePointLength } from '@melon/shared/format/code-point-length';
import { FILENAME_MAX_LENGTH } from '@melon/shared/contracts/publish';

/** The metadata key the server writes itself: whose upload it is. A client never sets it. */
export const OWNER_KEY = 'owner_id';

export type UploadMetadata = Record<string, string | null>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The `Upload-Metadata` header of tus 1.0.0: comma-separated `key base64value` pairs (the value
 * may be left out). Answers null when the header breaks that grammar or repeats a key.
 */
export function parseUploadMetadata(header: string): UploadMetadata | null {
  const metadata: UploadMetadata = {};
  if (header.trim() === '') return metadata;
  for (const pair of header.split(',')) {
    const parts = pair.trim().split(' ');
    const [key = '', value] = parts;
    if (parts.length > 2 || !KEY.test(key) || Object.hasOwn(metadata, key)) return null;
    if (value === undefined) {
      metadata[key] = null;
      continue;
    }
    if (!BASE64.test(value) || value.length % 4 !== 0) return null;
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    // A value that is not UTF-8 text does not survive the round trip.
    if (Buffer.from(decoded, 'utf8').toString('base64') !== value) return null;
    metadata[key] = decoded;
  }
  return metadata;
}

/** What is wrong with an upload's metadata, as the field and the reason, or null when nothing. */
export interface MetadataProblem {
  field: string;
  reason: 'missing' | 'invalid';
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A new upload names its file (`filename`, shown back while it uploads) and may give its MIME
 * type (`filetype`; browsers give the empty string for unknown types). The type only informs:
 * ffprobe decides at publish time what the file is. Nothing else the client sends is kept, and
 * the owner key is the server's alone.
 */
export function checkUploadMetadata(metadata: UploadMetadata): MetadataProblem | null {
  const filename = metadata.filename;
  if (filename === undefined || filename === null || filename.trim() === '') {
    return { field: 'filename', reason: 'missing' };
  }
  if (codePointLength(filename) > FILENAME_MAX_LENGTH || CONTROL.test(filename)) {
    return { field: 'filename', reason: 'invalid' };
  }
  const filetype = metadata.filetype ?? '';
  if (filetype !== '' && !/^[\w.+-]{1,64}\/[\w.+-]{1,128}$/.test(filetype)) {
    return { field: 'filetype', reason: 'invalid' };
  }
  if (Object.hasOwn(metadata, OWNER_KEY)) return { field: OWNER_KEY, reason: 'invalid' };
  return null;
}

/** The metadata stored with a new upload: its file name and type, and its owner. */
export function storedMetadata(metadata: UploadMetadata, ownerId: string): UploadMetadata {
  return {
    filename: metadata.filename ?? '',
    filetype: metadata.filetype ?? '',
    [OWNER_KEY]: ownerId,
  };
}
