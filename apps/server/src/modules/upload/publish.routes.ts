import type { FastifyInstance } from 'fastify';
import { publishVideo } from '@melon/shared/calls/upload.calls';
import { conflict, invalid, notFound } from '../../lib/domain-error.ts';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { route } from '../../plugins/app/call-route.ts';
import { VideoRefusedError } from '../media-ingest/ingest.service.ts';
import { presentPublished } from './publish.presenter.ts';
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
 * publishVideo: a finished upload of the caller becomes a video. The upload is claimed first (a
 * second publish of it finds nothing), then handed to ingest (the `ingest` plugin: admission,
 * the item and its transcode job), which lets ffprobe decide: a refused file is deleted with
 * nothing written, and the answer says why.
 */
export default function publishRoutes(app: FastifyInstance, options: PublishRoutesOptions) {
  app.setSchemaErrorFormatter(fieldMessageFormatter(fieldMessages));
  const { store } = options;

  route(app, publishVideo, async (body, { user }) => {
    const claim = await store.claim(body.upload_id, user.id);
    if ('refused' in claim) {
      if (claim.refused === 'incomplete') throw conflict(t.incomplete, 'upload_id');
      throw notFound(t.notFound);
    }
    try {
      const { itemId } = await app.ingestVideo({
        sourcePath: claim.path,
        ...(claim.storedKey === undefined ? {} : { storedCopy: claim.storedKey }),
        title: body.title,
        abstract: body.abstract ?? '',
        userId: user.id,
        channelId: body.channel_id,
        tags: body.tags ?? [],
        ...(body.cover_time_ms === undefined ? {} : { coverTimeMs: body.cover_time_ms }),
      });
      await store.settle(body.upload_id);
      return presentPublished(itemId);
    } catch (error) {
      if (error instanceof VideoRefusedError) {
        // ingest deleted the file; the upload is gone with it.
        await store.settle(body.upload_id);
        throw invalid(error.message, 'upload_id');
      }
      // A form field ingest refused, or a failure: the upload stays, to be published again.
      await store.release(body.upload_id, claim.path);
      throw error;
    }
  });
}
