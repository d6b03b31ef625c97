import type { FastifyInstance } from 'fastify';
import {
  createStudioSeries,
  deleteStudioSeries,
  getStudioSeries,
  setStudioSeriesItems,
  updateStudioSeries,
} from '@melon/shared/calls/studio-series.calls';
import { route } from '../../plugins/app/call-route.ts';
import { createStudioSeriesService } from './studio-series.service.ts';

/** The creator studio's series manager (decision 046): the author's own series only. */
export default function studioSeriesRoutes(app: FastifyInstance): void {
  const service = createStudioSeriesService({ db: app.db, newId: app.newId });

  route(app, getStudioSeries, (_query, { user }) => service.page(user.id));
  route(app, createStudioSeries, (body, { user }) => service.create(user.id, body));
  route(app, updateStudioSeries, (body, { user }) => service.update(user.id, body));
  route(app, setStudioSeriesItems, ({ series_id, item_ids }, { user }) =>
    service.setItems(user.id, series_id, item_ids),
  );
  route(app, deleteStudioSeries, ({ series_id }, { user }) => service.remove(user.id, series_id));
}
