import type { Generated } from 'kysely';
import type { DanmakuMode, DanmakuPool } from '@melon/shared/danmaku/modes';
import type {
  AlbumType,
  EpisodeAccess,
  EpisodeType,
  ItemType,
  SequenceType,
  SeriesKind,
  Visibility,
} from './enums.ts';
import type { FeedbackTables } from './tables/feedback.ts';
import type { PayTables } from './tables/pay.ts';
import type { ToPlayTables } from './tables/to-play.ts';
import type { TortTables } from './tables/tort.ts';
import type { VipCodeTables } from './tables/vip-codes.ts';

/**
 * Row types of the tables created by the migrations.
 * Ids are 19-digit decimal strings; times are UTC milliseconds; flags are 0 or 1.
 */

export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  /** Unique, at most 32 characters. */
  name: string;
  description: Generated<string>;
  avatar_url: Generated<string>;
  /** JSON text, or null when the user is not certified. */
  user_auth_info: string | null;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  video_count: Generated<number>;
  created_at: number;
  /** The personal id the user chose (get/pid, set/pid), unique; null until set. */
  pid: Generated<string | null>;
}

export interface ChannelsTable {
  /** Small fixed numbers (live is 109); not generated. */
  id: number;
  /** Chinese display name. */
  name: string;
  /** Unique; the path segment of /channel/:name. */
  pinyin: string;
  parent_id: number | null;
  sort_order: Generated<number>;
  /** A menu entry may carry its own url. */
  url: string | null;
  icon: Generated<string>;
  created_at: number;
}

export interface ItemsTable {
  id: string;
  item_type: ItemType;
  visibility: Generated<Visibility>;
  user_id: string;
  channel_id: number;
  /** At most 80 characters. */
  title: string;
  abstract: Generated<string>;
  duration_ms: Generated<number>;
  cover_large_uri: Generated<string>;
  cover_middle_uri: Generated<string>;
  preview_uri: string | null;
  publish_time: number;
  /** The feeds' ordering key. */
  behot_time: number;
  play_count: Generated<number>;
  comment_count: Generated<number>;
  digg_count: Generated<number>;
  favorite_count: Generated<number>;
  danmaku_count: Generated<number>;
  is_top: Generated<Flag>;
  hide_type: Generated<number>;
  is_vr: Generated<Flag>;
  /** The author's opening and ending marks (ms from the start; null: none), for skip op/ed. */
  opening_ms: Generated<number | null>;
  ending_ms: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

export interface AlbumsTable {
  /** The album's own item (item type 24). */
  item_id: string;
  album_type: AlbumType;
  sequence_type: Generated<SequenceType>;
  year: number | null;
  area: Generated<string>;
  total_episodes: number | null;
  pinyin: Generated<string>;
  /** Chinese genre names, comma-separated (`剧情,爱情`). */
  genres: Generated<string>;
  /** Tenths: 86 is 8.6; 0 is unrated. */
  score: Generated<number>;
  /** Cast names, comma-separated. */
  cast_names: Generated<string>;
  /** 1 when any episode is for members only (the filter's 会员 / 免费). */
  vip: Generated<Flag>;
}

export interface AlbumEpisodesTable {
  album_id: string;
  /** The episode's item (item type 25). */
  item_id: string;
  seq: number;
  episode_type: Generated<EpisodeType>;
  /** End of the opening, for "skip opening". */
  opening_ms: number | null;
  /** Start of the ending, for "skip ending". */
  ending_ms: number | null;
  /** free; vip: members only; paid: bought one by one (price_fen), by members too. */
  access: Generated<EpisodeAccess>;
  price_fen: number | null;
}

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

export interface TagsTable {
  id: string;
  name: string;
}

export interface ItemTagsTable {
  item_id: string;
  tag_id: string;
}

/** The anonymous identity behind the web_id cookie. */
export interface WebIdentitiesTable {
  web_id: string;
  created_at: number;
  last_seen_at: number;
  qualified: Generated<Flag>;
}

/** A user's membership (issue 15): valid until `expires_at`. */
export interface VipMembershipsTable {
  user_id: string;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

/** An episode a user bought; `order_id` is the order (or code) that granted it. */
export interface PaidEpisodesTable {
  user_id: string;
  item_id: string;
  order_id: string;
  created_at: number;
}

export interface Database
  extends FeedbackTables, PayTables, ToPlayTables, TortTables, VipCodeTables {
  users: UsersTable;
  channels: ChannelsTable;
  items: ItemsTable;
  albums: AlbumsTable;
  album_episodes: AlbumEpisodesTable;
  series: SeriesTable;
  series_items: SeriesItemsTable;
  tags: TagsTable;
  item_tags: ItemTagsTable;
  web_identities: WebIdentitiesTable;
  user_credentials: UserCredentialsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  auth_failures: AuthFailuresTable;
  captcha_solutions: CaptchaSolutionsTable;
  qr_logins: QrLoginsTable;
  oauth_identities: OauthIdentitiesTable;
  danmaku: DanmakuTable;
  danmaku_likes: DanmakuLikesTable;
  danmaku_reports: DanmakuReportsTable;
  danmaku_shield_words: DanmakuShieldWordsTable;
  jobs: JobsTable;
  item_media: ItemMediaTable;
  item_renditions: ItemRenditionsTable;
  follows: FollowsTable;
  blocks: BlocksTable;
  item_diggs: ItemDiggsTable;
  favorites: FavoritesTable;
  item_votes: ItemVotesTable;
  item_vote_options: ItemVoteOptionsTable;
  item_vote_ballots: ItemVoteBallotsTable;
  watch_history: WatchHistoryTable;
  reports: ReportsTable;
  comment_images: CommentImagesTable;
  comments: CommentsTable;
  comment_hot_history: CommentHotHistoryTable;
  comment_diggs: CommentDiggsTable;
  comment_pins: CommentPinsTable;
  comment_filter_words: CommentFilterWordsTable;
  search_docs: SearchDocsTable;
  search_terms: SearchTermsTable;
  search_term_variants: SearchTermVariantsTable;
  search_stats: SearchStatsTable;
  search_log: SearchLogTable;
  search_history: SearchHistoryTable;
  search_blocklist: SearchBlocklistTable;
  user_roles: UserRolesTable;
  item_plays: ItemPlaysTable;
  shared_secrets: SharedSecretsTable;
  playlists: PlaylistsTable;
  playlist_items: PlaylistItemsTable;
  certification_applications: CertificationApplicationsTable;
  vip_memberships: VipMembershipsTable;
  paid_episodes: PaidEpisodesTable;
}

export interface UserCredentialsTable {
  user_id: string;
  /** 11-digit mainland mobile number. */
  mobile: string | null;
  /** Lower-cased. */
  email: string | null;
  /** argon2id hash, or null for accounts that only sign in by code or third party. */
  password_hash: string | null;
  name_updated_at: number | null;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the session cookie's token. */
  id: string;
  public_id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: Generated<string>;
  ip: Generated<string>;
}

export type CodeChannel = 'sms' | 'email';
export type CodePurpose = 'login' | 'register' | 'reset';

export interface VerificationCodesTable {
  id: string;
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  consumed_at: number | null;
}

export interface AuthFailuresTable {
  /** 'account:<account>' or 'ip:<address>'. */
  key: string;
  failures: number;
  window_started_at: number;
}

export interface CaptchaSolutionsTable {
  signature: string;
  expires_at: number;
}

export type QrLoginStatus = 'new' | 'scanned' | 'confirmed' | 'expired';

export interface QrLoginsTable {
  /** SHA-256 (hex) of the token shown in the QR code. */
  token_hash: string;
  status: QrLoginStatus;
  user_id: string | null;
  web_id: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  /** The User-Agent of the browser that asked for the code (512 characters at most). */
  requester_user_agent: string | null;
  /** Where that browser's address is, in words (本地网络, or the masked address). */
  requester_place: string | null;
}

export type OauthPlatform = 'douyin' | 'qq' | 'weixin';

export interface OauthIdentitiesTable {
  platform: OauthPlatform;
  subject: string;
  user_id: string;
  display_name: Generated<string>;
  created_at: number;
}

export type DanmakuState = 'visible' | 'deleted' | 'reported';

export interface DanmakuTable {
  id: string;
  item_id: string;
  offset_ms: number;
  /** Plain text, never markup. */
  text: string;
  /** 24-bit RGB, 0–0xFFFFFF. */
  colour: number;
  mode: DanmakuMode;
  /** Font size in px. */
  size: number;
  pool: DanmakuPool;
  /** Null for imported danmaku. */
  sender_id: string | null;
  /** The bilibili userhash of imported danmaku; empty otherwise. */
  sender_hash: Generated<string>;
  send_time: number;
  like_count: Generated<number>;
  state: Generated<DanmakuState>;
  created_at: number;
  /** bilibili's mode 1–9 of an imported danmaku, written back on export; null otherwise. */
  source_mode: number | null;
  /** A built-in sticker's id for a sticker danmaku; null for text. */
  sticker_id: string | null;
}

export interface DanmakuLikesTable {
  danmaku_id: string;
  user_id: string;
}

/** One user's report of a danmaku: one per user and danmaku. */
export interface DanmakuReportsTable {
  id: string;
  danmaku_id: string;
  user_id: string;
  report_type: number;
  report_reason: Generated<string>;
  created_at: number;
}

export interface DanmakuShieldWordsTable {
  id: string;
  user_id: string;
  text: string;
  created_at: number;
}

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

/** The embedded job queue: leased by one worker at a time, retried with backoff. */
export interface JobsTable {
  id: string;
  /** A registered handler's name, e.g. `transcode`. */
  name: string;
  /** JSON text of the handler's input. */
  payload: string;
  state: Generated<JobState>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  /** Not taken before this time (backoff after a failure). */
  run_after: number;
  lease_owner: string | null;
  /** A running job whose lease has run out belongs to nobody and is taken again. */
  lease_expires_at: number | null;
  /** Whole percents, 0–100. */
  progress: Generated<number>;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export type ItemMediaState = 'processing' | 'ready' | 'failed';

/** An item's video: nothing of it is served before `state` is `ready`. */
export interface ItemMediaTable {
  item_id: string;
  state: Generated<ItemMediaState>;
  /** Absolute path of the uploaded or imported source file. */
  source_path: string;
  /** The packaged CMAF directory, relative to the media root; set when ready. */
  package_dir: string | null;
  /** Covers, preview clip and storyboard directory, relative to the media root. */
  derived_dir: string | null;
  /** JSON of the storyboard sprites (packages/media Storyboard). */
  storyboard: string | null;
  /** The source's frame rate. */
  max_fps: Generated<number>;
  /** The 6-minute preview rendition for non-members (SPEC §4), relative to the media root. */
  trial_package_dir: Generated<string | null>;
  job_id: string | null;
  /** Why the item could not be made playable (Chinese, shown to its author). */
  error_message: string | null;
  created_at: number;
  updated_at: number;
}

/** One packaged rendition (SPEC §3 `video_list` entry, or the `dynamic_audio_list` one). */
export interface ItemRenditionsTable {
  file_id: string;
  item_id: string;
  kind: 'video' | 'audio';
  /** `360p` … `4k` for video; null for audio. */
  definition: string | null;
  bitrate: number;
  size: number;
  fps: Generated<number>;
  vwidth: Generated<number>;
  vheight: Generated<number>;
  /** 1 for the 120 fps variant of a source above 100 fps. */
  hfr_variant: Generated<Flag>;
  /** Representation id in the DASH manifest, index of the HLS media playlist. */
  representation_id: number;
  hls_playlist: string;
  init_segment: string;
}

/** One user following another (never themselves); `created_at` is the lists' behotTime. */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: number;
}

/** One user blocking another: no follows between them, no danmaku to the blocker's videos. */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

/** One user's like of an item; `items.digg_count` counts these rows. */
export interface ItemDiggsTable {
  item_id: string;
  user_id: string;
  created_at: number;
}

/** One item in a user's favourites; `items.favorite_count` counts these rows. */
export interface FavoritesTable {
  user_id: string;
  item_id: string;
  created_at: number;
}

/** A poll on an item. */
export interface ItemVotesTable {
  id: string;
  item_id: string;
  title: string;
  created_at: number;
}

/** One choice of a poll and its tally (the ballots naming it). */
export interface ItemVoteOptionsTable {
  vote_id: string;
  option_id: number;
  text: string;
  vote_count: Generated<number>;
}

/** One user's ballot in a poll: one per user and poll. */
export interface ItemVoteBallotsTable {
  vote_id: string;
  user_id: string;
  option_id: number;
  created_at: number;
}

/** One user's report of a video, a user or a comment: one per reporter and target. */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_kind: 'video' | 'user' | 'comment';
  target_id: string;
  /** The reason's number in get_report_reasons for the target's kind. */
  report_type: number;
  description: Generated<string>;
  created_at: number;
}

/** A picture uploaded for a comment, stored re-encoded under the media dir at `uri`. */
export interface CommentImagesTable {
  id: string;
  /** Relative to the media dir; what a comment sends as `image_info`. */
  uri: string;
  user_id: string;
  width: number;
  height: number;
  bytes: number;
  created_at: number;
}

/** A signed-in viewer's watch history: one row per played item (decision 029). */
export interface WatchHistoryTable {
  user_id: string;
  item_id: string;
  /** Where the viewer stopped; the item's length once watched to the end. */
  progress_ms: Generated<number>;
  /** When the viewer last watched the item; the history's order. */
  watched_at: number;
}

/** Who sees a comment: everyone, its writer (a filter word), its writer and the video's author (held), nobody. */
export type CommentState = 'visible' | 'filtered' | 'held' | 'deleted';

/** A comment, or a reply when root_id is set (decision 030). */
export interface CommentsTable {
  id: string;
  item_id: string;
  user_id: string;
  /** The comment a reply belongs under; null for a comment. */
  root_id: string | null;
  /** Whom a reply to a reply answers. */
  reply_to_user_id: string | null;
  /** Plain text, trimmed. */
  text: string;
  /** The uploaded picture's uri (decision 031). */
  image_uri: string | null;
  state: Generated<CommentState>;
  digg_count: Generated<number>;
  /** Replies everyone sees. */
  reply_count: Generated<number>;
  /** Of those, the ones the video's author wrote. */
  author_reply_count: Generated<number>;
  /** The hot order's key: the higher, the hotter; time-independent (decision 030). */
  hot_key: number;
  /** When hot_key last changed. */
  hot_key_since: number;
  created_at: number;
}

/** A key a comment held from valid_from until valid_to (exclusive). */
export interface CommentHotHistoryTable {
  comment_id: string;
  item_id: string;
  hot_key: number;
  valid_from: number;
  valid_to: number;
}

export interface CommentDiggsTable {
  comment_id: string;
  user_id: string;
  created_at: number;
}

/** The one comment an item's author pinned. */
export interface CommentPinsTable {
  item_id: string;
  comment_id: string;
  created_at: number;
}

export interface CommentFilterWordsTable {
  id: string;
  user_id: string;
  text: string;
  created_at: number;
}

/** A counted play (decision 039): after 3 s of playback, once per viewer and item per hour. */
export interface ItemPlaysTable {
  id: string;
  item_id: string;
  /** `u:<user id>` for a signed-in viewer, else `w:<web_id>`. */
  viewer_key: string;
  /** The signed-in viewer; null for a visitor. */
  user_id: string | null;
  played_at: number;
}

/** A key every process of the site holds alike (decision 040), written once at start-up. */
export interface SharedSecretsTable {
  name: string;
  /** The secret's bytes, base64url. */
  value: string;
  created_at: number;
}

/** One search made (decision 036): hot words count its word's distinct viewers over a day. */
export interface SearchLogTable {
  id: string;
  /** The search's words as typed, trimmed, Latin letters in lower case. */
  word: string;
  /** `u:<user id>` for a signed-in viewer, else `w:<web_id>`. */
  viewer_key: string;
  searched_at: number;
  /** The searcher's address, IPv6 by /64 ('' for searches kept before migration 027). */
  address: Generated<string>;
}

/** A word kept out of the hot list and the placeholder, in its compared form (decision 065). */
export interface SearchBlocklistTable {
  word: string;
  created_at: number;
}

/** A signed-in viewer's recent search: one row per word, its newest time. */
export interface SearchHistoryTable {
  user_id: string;
  word: string;
  searched_at: number;
}

/** A role granted to a user by the operator's command line. */
export type UserRole = 'operator';

export interface UserRolesTable {
  user_id: string;
  role: UserRole;
  granted_at: number;
}

/**
 * One searchable document (decision 035): an item or a user, with its analysed tokens
 * space-separated and wrapped in spaces. SQLite matches through the FTS5 table `search_fts`
 * (kept by triggers), PostgreSQL through the GIN-indexed tsvector column `vec` (generated).
 */
export interface SearchDocsTable {
  doc_no: Generated<number>;
  kind: 'item' | 'user';
  ref_id: string;
  /** Every token of the document, each once. */
  tokens: string;
  /** The tokens of its title (or user name), which weigh more. */
  title_tokens: string;
  token_count: number;
}

/** A token of the index: how many documents hold it, and its suggestion keys for words. */
export interface SearchTermsTable {
  term: string;
  df: number;
  /** 1 for a word offered as a suggestion (a jieba word or a Latin word). */
  suggest: Generated<Flag>;
  /** Full pinyin of a Chinese word, without spaces; null otherwise. */
  pinyin: string | null;
  /** The initials of a Chinese word's syllables; null otherwise. */
  initials: string | null;
}

/** A Latin token and each of its one-deletion variants, for one-typo matching. */
export interface SearchTermVariantsTable {
  variant: string;
  term: string;
}

/** The one row of index totals (id 1): documents and tokens, for BM25's averages. */
export interface SearchStatsTable {
  id: number;
  docs: number;
  tokens: number;
}

/** A user's own ordered list of videos (decision 044). */
export interface PlaylistsTable {
  id: string;
  user_id: string;
  /** 1 to 40 characters. */
  title: string;
  description: Generated<string>;
  /** 1: listed on /user_playlist/:userId; 0: seen by its owner only. */
  is_public: Generated<Flag>;
  /** The playlist's rows, moved in the transaction that writes them. */
  item_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One video of a playlist, at its place in the order. */
export interface PlaylistItemsTable {
  playlist_id: string;
  item_id: string;
  position: number;
  added_at: number;
}

export type CertificationKind = 'interest' | 'profession';
export type CertificationState = 'pending' | 'approved' | 'rejected';

/** A creator's application for a certification (decision 046). */
export interface CertificationApplicationsTable {
  id: string;
  user_id: string;
  kind: CertificationKind;
  state: Generated<CertificationState>;
  /** The field of interest, or the profession. */
  field: string;
  /** The profession's applicant's real name. */
  real_name: string | null;
  /** The profession's proof (where it can be checked). */
  proof: string | null;
  /** Representative works' links, one a line. */
  works: Generated<string>;
  /** Why it was rejected. */
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
}
