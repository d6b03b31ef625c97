import { useCallback, useMemo } from 'react';
import { preload } from 'react-dom';
import { useMatches, useNavigate } from 'react-router';
import type { AlbumDetails } from '@melon/shared/contracts/cinema';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { absoluteUrl } from '@melon/shared/site-paths';
import { AlbumPanel } from '~/features/cinema/components/AlbumPanel.tsx';
import type { RenderedCommentPage } from '~/features/comment/hooks/use-comment-list.ts';
import { DanmakuLayer } from '~/features/danmaku/components/DanmakuLayer.tsx';
import { DanmakuList } from '~/features/danmaku/components/DanmakuList.tsx';
import { embedCode } from '~/features/embed/embed-code.ts';
import { siteOrigin } from '~/features/layout/page-meta.ts';
import { DanmakuSendBar } from '~/features/danmaku/components/DanmakuSendBar.tsx';
import { Player } from '~/features/player/components/Player.tsx';
import { RelatedVideoList } from '~/features/related/components/RelatedVideoList.tsx';
import { NextItemList } from '~/features/video-page/components/NextItemList.tsx';
import { VideoInfo } from '~/features/video-page/components/VideoInfo.tsx';
import { VideoPageLayout } from '~/features/video-page/components/VideoPageLayout.tsx';
import { VideoStatusScreen } from '~/features/video-page/components/VideoStatusScreen.tsx';
import { ShareMenu } from '~/features/video-page/components/ShareMenu.tsx';
import { ToPlayButton } from '~/features/to-play/components/ToPlayButton.tsx';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { PreviewOfferPanel } from '~/features/vip/components/PreviewOffer.tsx';
import { itemPath, nextItemsOf, type NextItems } from '~/features/video-page/next-items.ts';
import { relatedAction } from './card-actions.view.tsx';
import { useItemPlayer } from './item-player.view.ts';
import { VideoComments } from './comments.view.tsx';
import { FollowableAuthorCard } from './follow.view.tsx';
import { VideoPlaylistButton } from './playlist.view.tsx';
import { VideoReactions } from './reactions.view.tsx';
import { VideoReportButton } from './report.view.tsx';

export interface VideoPageData {
  /** The page's own id and its item type (a video, or the series / album it opens). */
  mixId: string;
  mixItemType: number;
  details: VideoDetails;
  /** The `start` query parameter in seconds, when valid. */
  startParam: number | null;
  /** The signed-in viewer's stored position in the item (seconds), or null. */
  historyPosition: number | null;
  /** The album an episode plays in (albumv2/details): its panel replaces the plain list. */
  albumDetails?: AlbumDetails | null;
  nowMs: number;
  /** For a crawler: the first hot comments, in the first answer (decision 038). */
  comments?: RenderedCommentPage | undefined;
}

/** The `start` query parameter (seconds) of a video address. */
export function startParamOf(url: URL): number | null {
  const value = Number(url.searchParams.get('start') ?? NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** SPEC §3 item type of an album: its page's 待播 puts the album in, not the episode. */
const ALBUM = 24;

/** A list the page plays through instead of the item's series or album (the to-play basket). */
export interface PageQueue {
  list: NextItems;
  pathOf: (itemId: string) => string;
}

/** The video page of /:mixId and /toplay/:gid: the player with the item's details around it. */
export function VideoPageView({ data, queue }: { data: VideoPageData; queue?: PageQueue | null }) {
  const { details, mixId, mixItemType } = data;
  const navigate = useNavigate();
  const toast = useToast();
  const origin = siteOrigin({ matches: useMatches() });
  const {
    account,
    openLogin,
    mode,
    setMode,
    loopMode,
    setLoopMode,
    video,
    setVideo,
    danmaku,
    source,
  } = useItemPlayer(details);
  const ownList = useMemo(() => nextItemsOf(details), [details]);
  const ownPathOf = useCallback(
    (itemId: string) => itemPath({ mixId, mixItemType }, itemId),
    [mixId, mixItemType],
  );
  const list = queue ? queue.list : ownList;
  const pathOf = queue ? queue.pathOf : ownPathOf;
  const nextId = list?.nextItemId ?? null;
  const firstId = list?.firstItemId ?? null;
  const onNext = useCallback(() => {
    if (nextId) void navigate(pathOf(nextId));
  }, [navigate, pathOf, nextId]);
  const onFirst = useCallback(() => {
    if (firstId) void navigate(pathOf(firstId));
  }, [navigate, pathOf, firstId]);

  // Preloading starts with the document (SPEC §7): the manifest is fetched while Shaka loads.
  if (source?.dashUrl) preload(source.dashUrl, { as: 'fetch', crossOrigin: 'anonymous' });

  return (
    <VideoPageLayout
      theater={mode === 'theater'}
      player={
        source ? (
          <Player
            key={source.itemId}
            source={source}
            title={details.title}
            author={details.user_info.name}
            startParam={data.startParam}
            historyPosition={data.historyPosition}
            loggedIn={account !== null}
            hasNext={nextId !== null}
            listSize={list?.items.length ?? 0}
            onNext={onNext}
            onFirst={onFirst}
            loopMode={loopMode}
            onLoopModeChange={setLoopMode}
            displayMode={mode}
            onDisplayModeChange={setMode}
            onVideoElement={setVideo}
            overlay={<DanmakuLayer danmaku={danmaku} />}
            previewEnd={
              source.preview && (
                <PreviewOfferPanel
                  preview={source.preview}
                  signedIn={account !== null}
                  groupId={details.group_id}
                  onLogin={() => {
                    openLogin({ source: 'login' });
                  }}
                />
              )
            }
          />
        ) : (
          <VideoStatusScreen details={details} />
        )
      }
      belowPlayer={source && <DanmakuSendBar danmaku={danmaku} />}
      aside={<DanmakuList danmaku={danmaku} />}
      info={
        <VideoInfo
          details={details}
          nowMs={data.nowMs}
          report={<VideoReportButton details={details} />}
          actions={
            <>
              <VideoReactions key={details.group_id} details={details} />
              <VideoPlaylistButton details={details} />
              <ShareMenu
                link={absoluteUrl(origin, ownPathOf(details.item_id))}
                embedCode={embedCode(origin, details.item_id, details.title)}
                notify={toast.show}
              />
              <ToPlayButton
                groupId={mixItemType === ALBUM ? mixId : details.group_id}
                variant="page"
              />
            </>
          }
        />
      }
      comments={<VideoComments details={details} video={video} rendered={data.comments} />}
      author={<FollowableAuthorCard author={details.user_info} />}
      nextItems={
        data.albumDetails ? (
          <AlbumPanel details={data.albumDetails} currentItemId={details.item_id} pathOf={pathOf} />
        ) : (
          list && list.items.length > 0 && <NextItemList list={list} pathOf={pathOf} />
        )
      }
      related={<RelatedVideoList groupId={details.group_id} action={relatedAction} />}
    />
  );
}
