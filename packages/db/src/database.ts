import type { AlbumTables } from './tables/albums.ts';
import type { CertificationTables } from './tables/certification.ts';
import type { CommentTables } from './tables/comments.ts';
import type { DanmakuTables } from './tables/danmaku.ts';
import type { FeedbackTables } from './tables/feedback.ts';
import type { ItemTables } from './tables/items.ts';
import type { JobTables } from './tables/jobs.ts';
import type { MediaTables } from './tables/media.ts';
import type { MembershipTables } from './tables/membership.ts';
import type { PayTables } from './tables/pay.ts';
import type { PlaylistTables } from './tables/playlists.ts';
import type { ReportTables } from './tables/reports.ts';
import type { SearchTables } from './tables/search.ts';
import type { SeriesTables } from './tables/series.ts';
import type { SharedSecretTables } from './tables/shared-secrets.ts';
import type { SignInTables } from './tables/sign-in.ts';
import type { SocialTables } from './tables/social.ts';
import type { ToPlayTables } from './tables/to-play.ts';
import type { TortTables } from './tables/tort.ts';
import type { UserTables } from './tables/users.ts';
import type { ViewingTables } from './tables/viewing.ts';
import type { VipCodeTables } from './tables/vip-codes.ts';
import type { VoteTables } from './tables/votes.ts';

/**
 * Row types of the tables created by the migrations, one area a file under `tables/`.
 * Ids are 19-digit decimal strings; times are UTC milliseconds; flags are 0 or 1.
 */

export type Flag = 0 | 1;

export interface Database
  extends
    AlbumTables,
    CertificationTables,
    CommentTables,
    DanmakuTables,
    FeedbackTables,
    ItemTables,
    JobTables,
    MediaTables,
    MembershipTables,
    PayTables,
    PlaylistTables,
    ReportTables,
    SearchTables,
    SeriesTables,
    SharedSecretTables,
    SignInTables,
    SocialTables,
    ToPlayTables,
    TortTables,
    UserTables,
    ViewingTables,
    VipCodeTables,
    VoteTables {}
