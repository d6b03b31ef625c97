import type { StoryboardInfo } from '@melon/shared/contracts/video';

/** Seek-preview sprites as packages/media lays them out: tiles row by row, sheets in order. */
export interface PlayerStoryboard {
  /** Seconds between thumbnails: thumbnail i shows the picture at i × interval. */
  interval: number;
  width: number;
  height: number;
  columns: number;
  count: number;
  /** Absolute or site URLs of the sheets; each holds columns × columns tiles. */
  sheetUrls: readonly string[];
}

/** The player's storyboard from the one the API answers (SPEC §3 storyboard info). */
export function playerStoryboard(info: StoryboardInfo): PlayerStoryboard {
  const { interval, width, height, columns, count, sheets } = info;
  return { interval, width, height, columns, count, sheetUrls: sheets };
}

export interface StoryboardTile {
  url: string;
  /** Offset of the tile inside its sheet, in pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The thumbnail showing the picture at `seconds`: the last one taken at or before it. */
export function storyboardTile(board: PlayerStoryboard, seconds: number): StoryboardTile | null {
  if (board.count <= 0 || board.interval <= 0 || !Number.isFinite(seconds)) return null;
  const number = Math.min(board.count - 1, Math.max(0, Math.floor(seconds / board.interval)));
  const perSheet = board.columns * board.columns;
  const url = board.sheetUrls[Math.floor(number / perSheet)];
  if (!url) return null;
  const inSheet = number % perSheet;
  return {
    url,
    x: (inSheet % board.columns) * board.width,
    y: Math.floor(inSheet / board.columns) * board.height,
    width: board.width,
    height: board.height,
  };
}
