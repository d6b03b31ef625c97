import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { postFeedback, uploadFeedbackImage } from '@melon/shared/calls/feedback.calls';
import { FEEDBACK_FORM_MAX_BYTES } from '@melon/shared/contracts/feedback';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { registerPictureUpload } from '../../http/picture-upload.ts';
import { invalid } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { limitOfBucket } from '../../plugins/app/rate-limits.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { commentImageUpload } from '../image/comment-image.upload.ts';
import { feedbackFieldMessages, feedbackMessages } from './feedback.messages.ts';
import { presentFeedbackImage } from './feedback.presenter.ts';
import { createFeedbackService } from './feedback.service.ts';

/**
 * The feedback form (decision 060), for visitors and signed-in users: a screenshot upload (one
 * file, at most 5 MB) and the message (text fields only, as multipart), each in a context of
 * its own with its multipart limits. Posting counts per user (a visitor per address) and per
 * address.
 */
export default async function feedbackRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): Promise<void> {
  app.setSchemaErrorFormatter(fieldMessageFormatter(feedbackFieldMessages));
  const service = createFeedbackService({ db: app.db, storage: options.storage, newId: app.newId });
  const senderOf = (request: FastifyRequest) => ({
    userId: request.user?.id ?? null,
    webId: request.webId,
    userAgent: request.headers['user-agent'] ?? '',
  });

  await app.register(async (uploads) => {
    const readImage = await registerPictureUpload(uploads, commentImageUpload);
    route(uploads, uploadFeedbackImage, async (_input, { request }) =>
      presentFeedbackImage(await service.uploadImage(senderOf(request), await readImage(request))),
    );
  });

  await app.register(async (form) => {
    await form.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 20, fieldSize: 2048, parts: 20 },
    });
    route(
      form,
      postFeedback,
      (input, { request }) => {
        if (!request.isMultipart()) throw invalid(feedbackMessages.notMultipart, 'request');
        return service.post(senderOf(request), input);
      },
      { bodyLimit: FEEDBACK_FORM_MAX_BYTES, onRequest: limitOfBucket(app, 'feedbackAddress') },
    );
  });
}
