import type { FastifyInstance } from 'fastify';
import {
  fileTortReport,
  getMyTortReports,
  getTortReportUrl,
  resolveTortItems,
  uploadTortProof,
} from '@melon/shared/calls/tort.calls';
import {
  TORT_PROOF_PATH,
  TORT_REPORT_BODY_MAX_BYTES,
  tortProofUrl,
} from '@melon/shared/contracts/tort';
import { tortReportPath } from '@melon/shared/tort/tort-links';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { registerPictureUpload } from '../../http/picture-upload.ts';
import { notFound } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { limitOfBucket } from '../../plugins/app/rate-limits.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { commentImageUpload } from '../image/comment-image.upload.ts';
import { sendStoredFile } from '../media-files/stored-file-reply.ts';
import { mediaMessages } from '../media-files/media.messages.ts';
import { findProofFor, uploadTortProof as storeTortProof } from './tort-proof.service.ts';
import { tortFieldMessages } from './tort.messages.ts';
import { createTortService } from './tort.service.ts';

/** A proof's bytes are for the uploader's browser only: never kept by any cache. */
const PROOF_CACHE = 'private, no-store';

/**
 * Infringement claims (decision 055): the form's address, the links box resolved, a private
 * proof picture uploaded (multipart, in a context of its own) and fetched by its uploader, a
 * claim filed (counted per user — the call's bucket — and per address), the claimant's claims.
 */
export default async function tortRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): Promise<void> {
  app.setSchemaErrorFormatter(fieldMessageFormatter(tortFieldMessages));
  const service = createTortService({ db: app.db, newId: app.newId });
  const proofs = { db: app.db, storage: options.storage, newId: app.newId };

  route(app, getTortReportUrl, ({ group_id }) => ({
    url: `${app.siteOrigin}${tortReportPath(group_id)}`,
  }));

  route(app, resolveTortItems, ({ links }, { user }) => service.resolve(user.id, links));

  await app.register(async (uploads) => {
    const readImage = await registerPictureUpload(uploads, commentImageUpload);
    route(uploads, uploadTortProof, async (_input, { request, user }) => {
      const bytes = await readImage(request);
      const row = await storeTortProof(proofs, user.id, bytes);
      return { uri: row.uri, url: tortProofUrl(row.id), width: row.width, height: row.height };
    });
  });

  // The bytes of a proof, to its uploader's session only; anyone else is told there is none.
  app.get<{ Params: { id: string } }>(
    `${TORT_PROOF_PATH}/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const row = await findProofFor(app.db, request.params.id, request.user?.id);
      if (!row) throw notFound(mediaMessages.fileNotFound);
      reply.header('content-type', 'image/webp').header('cache-control', PROOF_CACHE);
      return sendStoredFile(reply, options.storage, row.uri, request.headers);
    },
  );

  route(app, fileTortReport, (body, { user }) => service.file(user.id, body), {
    bodyLimit: TORT_REPORT_BODY_MAX_BYTES,
    onRequest: limitOfBucket(app, 'tortReportAddress'),
  });

  route(app, getMyTortReports, (_input, { user }) => service.mine(user.id));
}
