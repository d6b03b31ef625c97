import type { FeedbackImageUploaded } from '@melon/shared/contracts/feedback';
import type { FeedbackImageRow } from './feedback.repository.ts';

/** A stored screenshot as the upload answers it. */
export const presentFeedbackImage = (row: FeedbackImageRow): FeedbackImageUploaded => ({
  uri: row.uri,
  width: row.width,
  height: row.height,
});
