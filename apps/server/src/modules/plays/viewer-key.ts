/** The viewer key of a signed-in user's plays. */
export const userViewerKey = (userId: string): string => `u:${userId}`;

/**
 * Who a play is counted for (decision 039): the signed-in user, else the browser's web_id, so
 * one person signing in is a new viewer once, and visitors count too.
 */
export const viewerKeyOf = (userId: string | null, webId: string): string =>
  userId === null ? `w:${webId}` : userViewerKey(userId);
