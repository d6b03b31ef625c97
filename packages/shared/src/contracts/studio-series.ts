import Type, { type Static } from 'typebox';
import { SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { VideoListItem } from './author.ts';
import { oneOf } from './one-of.ts';
import { MixIdString } from './video.ts';

/*
 * The creator studio's series manager (decision 046): the author's own 合集 and pseries, made,
 * filled, ordered and deleted from /user-center/creator/series. Declared in
 * calls/studio-series.calls.ts; the public series calls (SPEC §7) read the same rows.
 */

export const STUDIO_SERIES_TITLE_MAX_LENGTH = 40;
export const STUDIO_SERIES_DESCRIPTION_MAX_LENGTH = 200;
/** Most videos one series holds, and most series (both kinds) one author makes. */
export const STUDIO_SERIES_MAX_ITEMS = 200;
export const STUDIO_SERIES_MAX_PER_USER = 100;

export const StudioSeriesKind = oneOf(['series', 'pseries'] as const);
export type StudioSeriesKind = Static<typeof StudioSeriesKind>;

/** One of the author's series as the manager shows it: its videos in order, hidden ones too. */
export const StudioSeries = Type.Object({
  series_id: Type.String(),
  kind: StudioSeriesKind,
  title: Type.String(),
  description: Type.String(),
  /** Its cover: the chosen video's, '' when none. */
  cover_url: Type.String(),
  items: Type.Array(VideoListItem),
});
export type StudioSeries = Static<typeof StudioSeries>;

/** The manager's page: the author's series, newest first, and the videos they may put in one. */
export const StudioSeriesPage = Type.Object({
  series: Type.Array(StudioSeries),
  videos: Type.Array(VideoListItem),
});
export type StudioSeriesPage = Static<typeof StudioSeriesPage>;

const Title = Type.String({
  minLength: 1,
  maxLength: STUDIO_SERIES_TITLE_MAX_LENGTH,
  pattern: SINGLE_LINE_TEXT_PATTERN,
});
const Description = Type.String({ maxLength: STUDIO_SERIES_DESCRIPTION_MAX_LENGTH });
/** The series' videos in their new order (each once, the author's own). */
const ItemIds = Type.Array(MixIdString, { maxItems: STUDIO_SERIES_MAX_ITEMS, uniqueItems: true });

export const CreateStudioSeriesBody = Type.Object({
  kind: StudioSeriesKind,
  title: Title,
  description: Type.Optional(Description),
  item_ids: Type.Optional(ItemIds),
  /** The video whose cover the series shows; its first video's by default. */
  cover_item_id: Type.Optional(MixIdString),
});
export type CreateStudioSeriesBody = Static<typeof CreateStudioSeriesBody>;

export const UpdateStudioSeriesBody = Type.Object({
  series_id: MixIdString,
  title: Title,
  description: Description,
  cover_item_id: Type.Optional(MixIdString),
});
export type UpdateStudioSeriesBody = Static<typeof UpdateStudioSeriesBody>;

/** Adds, removes and reorders at once: the list is the series' whole new content. */
export const SetStudioSeriesItemsBody = Type.Object({ series_id: MixIdString, item_ids: ItemIds });
export type SetStudioSeriesItemsBody = Static<typeof SetStudioSeriesItemsBody>;

export const DeleteStudioSeriesBody = Type.Object({ series_id: MixIdString });
export const DeletedStudioSeries = Type.Object({ series_id: Type.String() });
