import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PublishBody, Published } from '@melon/shared/contracts/publish';
import { ApiError, conflict, notFound } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { requireUser } from '../../plugins/app/session.ts';
import { VideoRefusedError } from '../media/ingest.service.ts';
import { uploadMessages as t } from './upload.messages.ts';
import type { UploadStore } from './upload-store.ts';

export interface PublishRoutesOptions {
  store: UploadStore;
}

const fieldMessages = {
  upload_id: t.uploadId,
  title: t.title,
  abstract: t.abstract,
  tags: t.tags,
  'tags.0': t.tags,
  channel_id: t.channel,
  cover_time_ms: t.coverTime,
};

/**
 * POST /api/videov2/publish: a finished upload of the caller becomes a video. The upload is
 * claimed first (a second publish of it finds nothing), then handed to ingest (the `ingest`
 * plugin: admission, the item and its transcode job), which lets ffprobe decide: a refused file is deleted with nothing written, and the answer says why.
 */
export default function publishRoutes(fastify: FastifyInstance, options: PublishRoutesOptions) {
  fastify.setSchemaErrorFormatter(fieldMessageFormatter(fieldMessages));
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = options;

  app.post(
    '/api/videov2/publish',
    {
      schema: {
        tags: ['video'],
        summary: '发布已上传完成的视频；转码完成后可播放',
        body: PublishBody,
        response: {
          200: envelopeOf(Published),
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
          409: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const claim = await store.claim(body.upload_id, user.id);
      if ('refused' in claim) {
        if (claim.refused === 'incomplete') throw conflict(t.incomplete, 'upload_id');
        throw notFound(t.notFound);
      }
      try {
        const { itemId } = await app.ingestVideo({
          sourcePath: claim.path,
          title: body.title,
          abstract: body.abstract ?? '',
          userId: user.id,
          channelId: body.channel_id,
          tags: body.tags ?? [],
          ...(body.cover_time_ms === undefined ? {} : { coverTimeMs: body.cover_time_ms }),
        });
        await store.settle(body.upload_id);
        return ok({ item_id: itemId });
      } catch (error) {
        if (error instanceof VideoRefusedError) {
          // ingest deleted the file; the upload is gone with it.
          await store.settle(body.upload_id);
          throw new ApiError(error.statusCode, error.code, error.message, { field: 'upload_id' });
        }
        // A form field ingest refused, or a failure: the upload stays, to be published again.
        await store.release(body.upload_id, claim.path);
        throw error;
      }
    },
  );
}
