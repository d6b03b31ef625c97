/**
 * tus-js-client keeps an unfinished upload's URL in localStorage under `tus::<fingerprint>::…`.
 * The fingerprint names the user too, so on a shared browser one account never resumes (or is
 * shown) another's upload.
 */
export const fingerprintPrefix = (userId: string): string => `melon-video:${userId}:`;

export interface FileIdentity {
  name: string;
  type: string;
  size: number;
  lastModified: number;
}

export const uploadFingerprint = (userId: string, file: FileIdentity): string =>
  `${fingerprintPrefix(userId)}${[file.name, file.type, file.size, file.lastModified].join('-')}`;

/** The storage key prefix of one user's uploads. */
export const storageKeyPrefix = (userId: string): string => `tus::${fingerprintPrefix(userId)}`;

/** The upload id at the end of an upload URL (`/api/upload/video/<id>`). */
export const uploadIdOf = (uploadUrl: string): string => uploadUrl.split('/').at(-1) ?? '';
