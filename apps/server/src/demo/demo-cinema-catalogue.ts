import { AlbumType, EpisodeType, SequenceType } from '@melon/db/enums';
import type { EpisodeAccess } from '@melon/db/enums';
import { EPISODE_RECIPE, VIP_EPISODE_RECIPE, type DemoVideoKey } from './demo-videos.ts';

/*
 * The demo cinema (decision 047): albums with episodes that play generated videos, so the
 * cinema home, the filter page and the album pages have real rows. Every episode plays a
 * cached recipe; only the VIP episode's 6½-minute recipe is generated for the cinema alone.
 * Catalogue albums with a first episode each fill the filter page.
 */

export interface DemoEpisode {
  type: EpisodeType;
  access: EpisodeAccess;
  /** For a `paid` episode. */
  priceFen?: number;
  recipe: DemoVideoKey;
  /** Nominal length in seconds (the video's own when it is attached). */
  seconds: number;
}

export interface DemoCinemaAlbum {
  /** The site channel whose feed lists the album (影视, 动漫, …). */
  channel: string;
  title: string;
  albumType: AlbumType;
  sequenceType: SequenceType;
  year: number;
  area: string;
  genres: string;
  /** Tenths: 86 is 8.6. */
  score: number;
  cast: string;
  totalEpisodes: number;
  author: number;
  /** How many days before the seed it came out. */
  daysAgo: number;
  episodes: readonly DemoEpisode[];
}

const official = (seconds: number, access: EpisodeAccess = 'free'): DemoEpisode => ({
  type: EpisodeType.Official,
  access,
  recipe: EPISODE_RECIPE,
  seconds,
});
const trailer = (recipe: DemoVideoKey): DemoEpisode => ({
  type: EpisodeType.Trailer,
  access: 'free',
  recipe,
  seconds: 30,
});
/** A members-only episode long enough for the 6-minute preview (decision 050). */
const vipFeature: DemoEpisode = {
  type: EpisodeType.Official,
  access: 'vip',
  recipe: VIP_EPISODE_RECIPE,
  seconds: 390,
};
const officials = (count: number, seconds: number) =>
  Array.from({ length: count }, () => official(seconds));

/** The albums with a run of episodes; the first two existed before the cinema. */
const FEATURED: DemoCinemaAlbum[] = [
  {
    channel: 'yingshi',
    title: '山海之间（全12集）',
    albumType: AlbumType.TV,
    sequenceType: SequenceType.Episode,
    year: 2026,
    area: '内地',
    genres: '剧情,家庭',
    score: 84,
    cast: '林深,苏晚,周远山',
    totalEpisodes: 12,
    author: 0,
    daysAgo: 20,
    episodes: officials(12, 2640),
  },
  {
    channel: 'dongman',
    title: '星河少年 第一季',
    albumType: AlbumType.Anime,
    sequenceType: SequenceType.Episode,
    year: 2026,
    area: '日本',
    genres: '热血,冒险,科幻',
    score: 88,
    cast: '星野光,白石遥',
    totalEpisodes: 12,
    author: 7,
    daysAgo: 12,
    episodes: officials(8, 1380),
  },
  {
    channel: 'yingshi',
    title: '长夜将明',
    albumType: AlbumType.Movie,
    sequenceType: SequenceType.Episode,
    year: 2025,
    area: '内地',
    genres: '剧情,悬疑,犯罪',
    score: 83,
    cast: '陈默,许知意,老何',
    totalEpisodes: 1,
    author: 0,
    daysAgo: 40,
    episodes: [official(6480), trailer('testsrc2-720p-v1')],
  },
  {
    // Members only from the third episode; the third is long enough for the 6-minute preview.
    channel: 'yingshi',
    title: '锦绣长歌',
    albumType: AlbumType.TV,
    sequenceType: SequenceType.Episode,
    year: 2026,
    area: '内地',
    genres: '古装,爱情,剧情',
    score: 91,
    cast: '沈清辞,顾长风,萧玉',
    totalEpisodes: 40,
    author: 0,
    daysAgo: 5,
    episodes: [
      official(2700),
      official(2700),
      vipFeature,
      official(2700, 'vip'),
      official(2700, 'vip'),
      trailer('gradients-720p-v1'),
    ],
  },
  {
    // 期, and one period sold on its own (episode_product).
    channel: 'meishi',
    title: '周末食堂',
    albumType: AlbumType.VarietyShow,
    sequenceType: SequenceType.Period,
    year: 2026,
    area: '内地',
    genres: '美食,真人秀',
    score: 79,
    cast: '小鹿,大勇,阿菲',
    totalEpisodes: 12,
    author: 2,
    daysAgo: 9,
    episodes: [
      official(3600),
      official(3600),
      official(3600),
      { ...official(3600, 'paid'), priceFen: 300 },
    ],
  },
  {
    channel: 'zhishi',
    title: '江河纪行',
    albumType: AlbumType.Documentary,
    sequenceType: SequenceType.Episode,
    year: 2024,
    area: '内地',
    genres: '自然,人文',
    score: 93,
    cast: '旁白 李青',
    totalEpisodes: 3,
    author: 3,
    daysAgo: 60,
    episodes: officials(3, 2900),
  },
];

/** A listed film without media (a line of the catalogue below). */
const film = (title: string, year: number, area: string, genres: string, score: number) => ({
  title,
  albumType: AlbumType.Movie,
  year,
  area,
  genres,
  score,
});

/**
 * More films, so the filter page of 电影 runs past one page of 24 and the journey's 加载更多
 * has a second page to load (decision 053).
 */
const FILM_SHELF = [
  film('雾港疑云', 2019, '香港', '悬疑,犯罪', 79),
  film('向北的列车', 2021, '内地', '剧情', 83),
  film('夏日海风', 2024, '台湾', '爱情,喜剧', 72),
  film('最后一颗星', 2026, '美国', '科幻', 75),
  film('雪山救援', 2018, '内地', '动作,剧情', 81),
  film('巴黎的午后', 2012, '法国', '爱情', 77),
  film('曼谷追踪', 2023, '泰国', '动作,犯罪', 68),
  film('纸飞机', 2020, '日本', '动画,剧情', 88),
  film('深夜食客', 2022, '韩国', '喜剧', 70),
  film('古城魅影', 2005, '内地', '奇幻,悬疑', 74),
  film('钢铁边境', 1998, '美国', '战争,动作', 80),
  film('雨季不再来', 1987, '台湾', '剧情,爱情', 86),
  film('机器人之心', 2025, '日本', '科幻,动画', 84),
  film('谁是凶手', 2017, '英国', '悬疑,犯罪', 82),
  film('外婆的菜园', 2024, '内地', '剧情,喜剧', 87),
  film('冲破黑夜', 2011, '香港', '动作,犯罪', 76),
  film('梦游奇境', 2026, '美国', '奇幻,动画', 73),
  film('边城往事', 1992, '内地', '剧情,战争', 90),
  film('首尔之夜', 2019, '韩国', '犯罪,悬疑', 78),
  film('月亮代表我的心', 2003, '台湾', '爱情', 71),
];

/**
 * A catalogue's worth of further albums so the filter rows have something to filter, each with
 * its first episode out (members-only when `vip`), so no card leads to nothing to play.
 */
const CATALOGUE: {
  title: string;
  albumType: AlbumType;
  year: number;
  area: string;
  genres: string;
  score: number;
  vip?: boolean;
}[] = [
  {
    title: '午夜快车',
    albumType: AlbumType.Movie,
    year: 2024,
    area: '香港',
    genres: '动作,犯罪',
    score: 76,
  },
  {
    title: '云端来信',
    albumType: AlbumType.Movie,
    year: 2023,
    area: '内地',
    genres: '爱情,剧情',
    score: 71,
  },
  {
    title: '星际拾荒者',
    albumType: AlbumType.Movie,
    year: 2026,
    area: '美国',
    genres: '科幻,动作',
    score: 80,
    vip: true,
  },
  {
    title: '老街的猫',
    albumType: AlbumType.Movie,
    year: 2016,
    area: '台湾',
    genres: '剧情,喜剧',
    score: 85,
  },
  {
    title: '东京夜雨',
    albumType: AlbumType.Movie,
    year: 2008,
    area: '日本',
    genres: '爱情',
    score: 78,
  },
  {
    title: '大漠孤城',
    albumType: AlbumType.Movie,
    year: 1994,
    area: '内地',
    genres: '战争,剧情',
    score: 89,
  },
  {
    title: '笑到最后',
    albumType: AlbumType.Movie,
    year: 2025,
    area: '内地',
    genres: '喜剧',
    score: 64,
  },
  {
    title: '首尔恋人',
    albumType: AlbumType.TV,
    year: 2025,
    area: '韩国',
    genres: '爱情,都市',
    score: 82,
    vip: true,
  },
  {
    title: '刑侦档案',
    albumType: AlbumType.TV,
    year: 2022,
    area: '内地',
    genres: '悬疑,剧情',
    score: 87,
  },
  {
    title: '江湖夜话',
    albumType: AlbumType.TV,
    year: 2013,
    area: '香港',
    genres: '武侠,古装',
    score: 80,
  },
  {
    title: '青春正好',
    albumType: AlbumType.TV,
    year: 2024,
    area: '内地',
    genres: '青春,喜剧',
    score: 69,
  },
  {
    title: '伦敦谜案',
    albumType: AlbumType.TV,
    year: 2019,
    area: '英国',
    genres: '悬疑',
    score: 90,
    vip: true,
  },
  {
    title: '机甲黎明',
    albumType: AlbumType.Anime,
    year: 2025,
    area: '日本',
    genres: '科幻,热血',
    score: 86,
  },
  {
    title: '小镇妖怪',
    albumType: AlbumType.Anime,
    year: 2021,
    area: '内地',
    genres: '奇幻,治愈',
    score: 81,
  },
  {
    title: '一起去旅行',
    albumType: AlbumType.VarietyShow,
    year: 2025,
    area: '内地',
    genres: '旅行,真人秀',
    score: 73,
  },
  {
    title: '脱口而出',
    albumType: AlbumType.VarietyShow,
    year: 2024,
    area: '内地',
    genres: '脱口秀',
    score: 77,
    vip: true,
  },
  {
    title: '深海之光',
    albumType: AlbumType.Documentary,
    year: 2023,
    area: '英国',
    genres: '自然,科技',
    score: 95,
  },
  {
    title: '数字小侦探',
    albumType: AlbumType.Child,
    year: 2025,
    area: '内地',
    genres: '益智,动画',
    score: 80,
  },
  ...FILM_SHELF,
];

const CATALOGUE_CHANNELS: Partial<Record<AlbumType, string>> = {
  [AlbumType.Anime]: 'dongman',
  [AlbumType.VarietyShow]: 'shenghuo',
  [AlbumType.Documentary]: 'zhishi',
  [AlbumType.Child]: 'dongman',
};

export const DEMO_CINEMA_ALBUMS: readonly DemoCinemaAlbum[] = [
  ...FEATURED,
  ...CATALOGUE.map((entry, index): DemoCinemaAlbum => {
    const isFilm = entry.albumType === AlbumType.Movie;
    return {
      channel: CATALOGUE_CHANNELS[entry.albumType] ?? 'yingshi',
      title: entry.title,
      albumType: entry.albumType,
      sequenceType:
        entry.albumType === AlbumType.VarietyShow ? SequenceType.Period : SequenceType.Episode,
      year: entry.year,
      area: entry.area,
      genres: entry.genres,
      score: entry.score,
      cast: '',
      totalEpisodes: isFilm ? 1 : 10 + (index % 3) * 8,
      author: index % 8,
      daysAgo: 70 + index * 11,
      // Every card plays: its first episode (a film's feature) is the episode recipe, free; a
      // members-only one is the 6½-minute recipe (a 6-minute preview, as 锦绣长歌 第3集).
      episodes: [entry.vip ? (isFilm ? vipFeature : official(2700, 'vip')) : official(2700)],
    };
  }),
];
