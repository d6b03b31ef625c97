import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import {
  FEEDBACK_CLIENT_FIELDS,
  FEEDBACK_DESCRIPTION_MIN_LENGTH,
  FEEDBACK_IMAGE_DIR,
  FEEDBACK_IMAGES_MAX_COUNT,
  type FeedbackForm,
  type FeedbackPosted,
  isFeedbackImageUri,
} from '@melon/shared/contracts/feedback';
import { invalid } from '../../lib/domain-error.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { renderCommentImage } from '../image/comment-image.render.ts';
import { storePicture } from '../image/image.service.ts';
import { viewerKeyOf } from '../plays/viewer-key.ts';
import { describeUserAgent } from '../qr-login/requester-device.ts';
import { feedbackMessages as m } from './feedback.messages.ts';
import {
  type FeedbackImageRow,
  findFeedbackImages,
  insertFeedback,
  insertFeedbackImage,
} from './feedback.repository.ts';

type Db = Kysely<Database>;

/** Who sends feedback: the signed-in user if any, and the browser. */
export interface FeedbackSender {
  userId: string | null;
  webId: string;
  /** The request's User-Agent. */
  userAgent: string;
}

/**
 * The client fields sent, non-empty ones only; the system read off the User-Agent when the page
 * left it out (the page cannot tell it better than the parser of modules/qr-login).
 */
function clientOf(form: FeedbackForm, userAgent: string): Record<string, string> {
  const client = new Map<string, string>();
  for (const field of FEEDBACK_CLIENT_FIELDS) {
    const value = form[field];
    if (value) client.set(field, value);
  }
  if (!client.has('os_version')) {
    client.set('os_version', describeUserAgent(form.web_ua || userAgent).os);
  }
  return Object.fromEntries(client);
}

function checkedDescription(form: FeedbackForm): string {
  const description = form.description.trim();
  if (description.length < FEEDBACK_DESCRIPTION_MIN_LENGTH) {
    throw invalid(m.descriptionShort, 'description');
  }
  return description;
}

/** The uris `image_uris` names, once each in order; no more than three. */
function namedUris(form: FeedbackForm): string[] {
  const uris = [
    ...new Set(
      (form.image_uris ?? '')
        .split(',')
        .map((uri) => uri.trim())
        .filter((uri) => uri !== ''),
    ),
  ];
  if (uris.length > FEEDBACK_IMAGES_MAX_COUNT) throw invalid(m.imagesCount, 'image_uris');
  if (!uris.every(isFeedbackImageUri)) throw invalid(m.imageInvalid, 'image_uris');
  return uris;
}

/** The screenshots in the order named, each uploaded by this sender and not yet attached. */
async function attachableImages(db: Db, uris: string[], uploader: string): Promise<string[]> {
  const rows = await findFeedbackImages(db, uris);
  return uris.map((uri) => {
    const row = rows.find((candidate) => candidate.uri === uri);
    if (row?.uploader !== uploader || row.feedback_id !== null) {
      throw invalid(m.imageInvalid, 'image_uris');
    }
    return row.id;
  });
}

export function createFeedbackService(deps: {
  db: Db;
  storage: MediaStorage;
  newId: () => string;
}) {
  const { db, storage, newId } = deps;
  const uploaderOf = (sender: FeedbackSender) => viewerKeyOf(sender.userId, sender.webId);

  return {
    /**
     * Re-encodes a screenshot as a comment picture is (decision 031) and keeps it, private, as
     * private/feedback-images/<id>.webp with its row. A refused upload stores nothing.
     */
    async uploadImage(sender: FeedbackSender, bytes: Buffer): Promise<FeedbackImageRow> {
      const rendering = await renderCommentImage(bytes);
      const id = newId();
      const row: FeedbackImageRow = {
        id,
        uri: `${FEEDBACK_IMAGE_DIR}/${id}.webp`,
        uploader: uploaderOf(sender),
        feedback_id: null,
        position: null,
        width: rendering.width,
        height: rendering.height,
        bytes: rendering.webp.length,
        created_at: Date.now(),
      };
      await storePicture(storage, row.uri, rendering.webp, () => insertFeedbackImage(db, row));
      return row;
    },

    /** Stores a message with its screenshots; in the form's order, the first refusal first. */
    async post(sender: FeedbackSender, form: FeedbackForm): Promise<FeedbackPosted> {
      const description = checkedDescription(form);
      const imageIds = await attachableImages(db, namedUris(form), uploaderOf(sender));
      const id = newId();
      await inTransaction(db, async (trx) => {
        const attached = await insertFeedback(
          trx,
          {
            id,
            user_id: sender.userId,
            web_id: sender.webId,
            category: form.category,
            description,
            contact: form.contact?.trim() ?? '',
            client: JSON.stringify(clientOf(form, sender.userAgent)),
            created_at: Date.now(),
            closed_at: null,
          },
          imageIds,
        );
        // Raced by another message naming the same screenshot: roll this one back.
        if (!attached) throw invalid(m.imageInvalid, 'image_uris');
      });
      return { id };
    },
  };
}
