import { postFeedback } from '@melon/shared/calls/feedback.calls';
import type { FeedbackCategory, FeedbackPosted } from '@melon/shared/contracts/feedback';
import { browserClient } from '~/lib/browser-client.ts';
import { currentClientFields } from './client-fields.ts';

/** What the person filled in. */
export interface FeedbackInput {
  category: FeedbackCategory;
  description: string;
  contact: string;
  imageUris: readonly string[];
}

/** Posts the form (multipart) with the page's client fields. */
export function sendFeedback(input: FeedbackInput): Promise<FeedbackPosted> {
  return browserClient().call(postFeedback, {
    ...currentClientFields(),
    category: input.category,
    description: input.description,
    contact: input.contact.trim(),
    image_uris: input.imageUris.join(','),
  });
}
