import type { FastifyInstance } from 'fastify';
import {
  applyCertification,
  getCertificationStatus,
} from '@melon/shared/calls/certification.calls';
import { route } from '../../plugins/app/call-route.ts';
import { createCertificationService } from './certification.service.ts';

/** Creator certification (decision 046): the applicant's status and submissions. */
export default function certificationRoutes(app: FastifyInstance): void {
  const service = createCertificationService({ db: app.db, newId: app.newId });

  route(app, getCertificationStatus, (_query, { user }) => service.status(user.id));
  route(app, applyCertification, (body, { user }) => service.apply(user.id, body));
}
