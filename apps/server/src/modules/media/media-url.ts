/** Where media files (covers, avatars, later renditions) are served from. */
export const MEDIA_PREFIX = '/media/';

/** The public URL of a stored media file, from its uri relative to the media dir. */
export const mediaUrl = (uri: string): string => `${MEDIA_PREFIX}${uri}`;
