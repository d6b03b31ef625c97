import type { Generated } from 'kysely';
import type { FeedbackCategory, FeedbackState } from '@melon/shared/contracts/feedback';

/* Row types of the feedback form (decision 060; migration 024). */

export interface FeedbackTable {
  /** The number the operator closes it by. */
  id: string;
  /** The signed-in sender; null for a visitor. */
  user_id: string | null;
  web_id: string;
  category: FeedbackCategory;
  description: string;
  /** A visitor's phone or email; empty when none was left. */
  contact: Generated<string>;
  /** The SPEC's client fields as the page sent them, as a JSON object. */
  client: Generated<string>;
  state: Generated<FeedbackState>;
  created_at: number;
  /** Null while open. */
  closed_at: number | null;
}

/** A screenshot uploaded for feedback; attached once a message names it. */
export interface FeedbackImagesTable {
  id: string;
  uri: string;
  /** The uploader's viewer key: `u:<user id>`, else `w:<web_id>`. */
  uploader: string;
  feedback_id: string | null;
  position: number | null;
  width: number;
  height: number;
  bytes: number;
  created_at: number;
}

export interface FeedbackTables {
  feedback: FeedbackTable;
  feedback_images: FeedbackImagesTable;
}
