import type { SeriesKind } from '../enums.ts';

/* Row types of the series and the items in them (migration 2026-11-22-001). */

export interface SeriesTable {
  /** The series' own item (item type 26 or 149). */
  item_id: string;
  kind: SeriesKind;
  user_id: string;
}

export interface SeriesItemsTable {
  series_id: string;
  item_id: string;
  position: number;
}

export interface SeriesTables {
  series: SeriesTable;
  series_items: SeriesItemsTable;
}
