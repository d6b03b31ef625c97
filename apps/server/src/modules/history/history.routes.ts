import type { FastifyInstance } from 'fastify';
import {
  addWatchHistory,
  deleteHistory,
  getHistory,
  getHistoryDuration,
  searchHistory,
  setWatchProgress,
} from '@melon/shared/calls/history.calls';
import { HISTORY_PAGE_SIZE } from '@melon/shared/contracts/history';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { invalid } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { historyFieldMessages, historyMessages } from './history.messages.ts';
import { createHistoryService } from './history.service.ts';

/** Watch history and resume (SPEC §7 Video, decision 029). Answers are the viewer's own. */
export default function historyRoutes(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(historyFieldMessages));
  const history = createHistoryService({ db: app.db });

  route(app, addWatchHistory, ({ content_id }, { user }) => history.add(user.id, content_id));

  route(app, setWatchProgress, ({ content_id, progress }, { user }) =>
    history.setProgress(user.id, content_id, progress),
  );

  route(app, getHistoryDuration, ({ content_id }, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return history.position(content_id, user?.id ?? null);
  });

  route(app, getHistory, ({ type = 'all', cursor, count = HISTORY_PAGE_SIZE }, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return history.page(user.id, { type, cursor, count });
  });

  route(app, searchHistory, (input, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    const { type = 'all', cursor, count = HISTORY_PAGE_SIZE } = input;
    const keyword = input.keyword.trim();
    if (!keyword) throw invalid(historyMessages.keyword, 'keyword');
    return history.page(user.id, { type, cursor, count, keyword });
  });

  route(app, deleteHistory, (body, { user }) => history.remove(user.id, body));
}
