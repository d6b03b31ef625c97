import type { FastifyInstance } from 'fastify';
import {
  getPseries,
  getPseriesInfo,
  getPseriesMore,
  getSeriesInfo,
  getSeriesItems,
  getSeriesItemsByQuery,
} from '@melon/shared/calls/series.calls';
import { AUTHOR_PAGE_DEFAULT_COUNT } from '@melon/shared/contracts/author';
import { route } from '../../plugins/app/call-route.ts';
import { createSeriesService } from './series.service.ts';

/** Series and pseries (SPEC §7 Video; decision 044). The author's lists are modules/author's. */
export default function seriesRoutes(app: FastifyInstance): void {
  const service = createSeriesService({ db: app.db });
  const viewer = (user: { id: string } | null) => user?.id ?? null;

  route(app, getSeriesInfo, ({ SeriesID }, { user }) => service.info(SeriesID, viewer(user)));

  route(app, getSeriesItems, ({ SeriesID, Cursor }, { user }) =>
    service.items(SeriesID, viewer(user), Cursor, AUTHOR_PAGE_DEFAULT_COUNT),
  );

  route(app, getSeriesItemsByQuery, ({ SeriesID, Cursor, count }, { user }) =>
    service.items(SeriesID, viewer(user), Cursor ?? '0', count ?? AUTHOR_PAGE_DEFAULT_COUNT),
  );

  route(app, getPseries, ({ group_id }, { user }) => service.pseriesOf(group_id, viewer(user)));

  route(app, getPseriesInfo, ({ pseries_id, count }, { user }) =>
    service.pseriesInfo(pseries_id, viewer(user), count ?? AUTHOR_PAGE_DEFAULT_COUNT),
  );

  route(app, getPseriesMore, ({ pseries_id, offset, count }, { user }) =>
    service.pseriesMore(pseries_id, viewer(user), offset ?? 0, count ?? AUTHOR_PAGE_DEFAULT_COUNT),
  );
}
