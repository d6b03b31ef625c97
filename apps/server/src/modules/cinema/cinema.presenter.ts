import { AlbumType, EpisodeType, SequenceType } from '@melon/db/enums';
import type {
  AlbumEpisodeEntry,
  AlbumInfo,
  CinemaAlbumCard,
  CinemaClip,
} from '@melon/shared/contracts/cinema';
import { toSeconds } from '@melon/shared/format/timestamp';
import { canView, type ViewerId } from '../item/item.policy.ts';
import { coverUrl } from '../../storage/media-url.ts';
import { categoryByAlbumType } from './cinema-filters.ts';
import { cinemaMessages as t } from './cinema.messages.ts';
import type { AlbumCardRow, AlbumRow, ClipRow, EpisodeRow } from './cinema.repository.ts';

/** Albums that are one work (a film), not a run of episodes: no 第N集 and no 更新至. */
const SINGLE_WORK_TYPES: readonly number[] = [
  AlbumType.Movie,
  AlbumType.ShortFilm,
  AlbumType.MicroFilm,
];

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** The episodes the viewer (a visitor by default) may open, of each album, in play order. */
export function playableEpisodes(
  rows: readonly EpisodeRow[],
  viewerId: ViewerId = null,
): Map<string, EpisodeRow[]> {
  const byAlbum = new Map<string, EpisodeRow[]>();
  for (const row of rows) {
    if (!canView(row, viewerId)) continue;
    const list = byAlbum.get(row.album_id) ?? [];
    list.push(row);
    byAlbum.set(row.album_id, list);
  }
  return byAlbum;
}

function updateLabel(row: AlbumCardRow, officialCount: number): string {
  if (SINGLE_WORK_TYPES.includes(row.album_type) || officialCount === 0) return '';
  const period = row.sequence_type === SequenceType.Period;
  if (row.total_episodes !== null && officialCount >= row.total_episodes) {
    return t.complete(row.total_episodes, period);
  }
  return t.updating(officialCount, period);
}

/** The one album card of the cinema, from its row and its playable episodes. */
export function presentAlbumCard(
  row: AlbumCardRow,
  episodes: readonly EpisodeRow[] = [],
): CinemaAlbumCard {
  const official = episodes.filter((episode) => episode.episode_type === EpisodeType.Official);
  const first = official[0] ?? episodes[0];
  return {
    albumId: row.album_id,
    title: row.title,
    coverUrl: coverUrl(row),
    albumType: row.album_type,
    albumTypeName: categoryByAlbumType(row.album_type)?.name ?? '',
    score: row.score > 0 ? row.score / 10 : null,
    year: row.year,
    region: row.area,
    genres: splitList(row.genres),
    sequenceType: row.sequence_type,
    episodeCount: official.length,
    totalEpisodes: row.total_episodes,
    updateLabel: updateLabel(row, official.length),
    vip: row.vip === 1,
    firstItemId: first?.item_id ?? null,
    playNum: row.play_count,
  };
}

/** The cards of a page of albums, in the page's order. */
export function presentAlbumCards(
  rows: readonly AlbumCardRow[],
  episodes: ReadonlyMap<string, readonly EpisodeRow[]>,
): CinemaAlbumCard[] {
  return rows.map((row) => presentAlbumCard(row, episodes.get(row.album_id)));
}

export function presentAlbumInfo(row: AlbumRow, episodes: readonly EpisodeRow[]): AlbumInfo {
  return {
    album: presentAlbumCard(row, episodes),
    abstract: row.abstract,
    cast: splitList(row.cast_names),
    publishTime: toSeconds(row.publish_time),
  };
}

/** 预告 / 看点 / 剪辑 / 花絮 / 片段; an official episode's label depends on its album. */
const clipLabel = (episodeType: EpisodeType): string =>
  episodeType === EpisodeType.Official ? '' : t.clipLabels[episodeType];

/** An album's episodes with their labels: official ones counted 第N集 / 第N期, a film's 正片. */
export function presentEpisodes(
  album: Pick<AlbumCardRow, 'album_type' | 'sequence_type'>,
  episodes: readonly EpisodeRow[],
): AlbumEpisodeEntry[] {
  const period = album.sequence_type === SequenceType.Period;
  const single = SINGLE_WORK_TYPES.includes(album.album_type);
  let official = 0;
  return episodes.map((row) => {
    let episodeLabel = clipLabel(row.episode_type);
    if (row.episode_type === EpisodeType.Official) {
      official += 1;
      episodeLabel = single ? t.film : t.episodeLabel(official, period);
    }
    return {
      itemId: row.item_id,
      title: row.title,
      coverUrl: coverUrl(row),
      duration: row.duration_ms / 1000,
      seq: row.seq,
      episodeLabel,
      episodeType: row.episode_type,
      access: row.access,
      priceFen: row.access === 'paid' ? row.price_fen : null,
    };
  });
}

export function presentClip(row: ClipRow): CinemaClip {
  return {
    itemId: row.item_id,
    title: row.title,
    coverUrl: coverUrl(row),
    duration: row.duration_ms / 1000,
    episodeType: row.episode_type,
    episodeLabel: clipLabel(row.episode_type),
    albumId: row.album_id,
    albumTitle: row.album_title,
  };
}
