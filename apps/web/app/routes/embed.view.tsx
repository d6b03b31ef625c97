import { useMatches } from 'react-router';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { absoluteUrl, videoPath } from '@melon/shared/site-paths';
import { DanmakuLayer } from '~/features/danmaku/components/DanmakuLayer.tsx';
import {
  EmbedFrame,
  EmbedNotice,
  EmbedPreviewEnd,
} from '~/features/embed/components/EmbedFrame.tsx';
import type { EmbedOptions } from '~/features/embed/embed-options.ts';
import { siteOrigin } from '~/features/layout/page-meta.ts';
import { Player } from '~/features/player/components/Player.tsx';
import { VideoStatusScreen } from '~/features/video-page/components/VideoStatusScreen.tsx';
import { useItemPlayer } from './item-player.view.ts';

/** The site's public address of a path (MELON_PUBLIC_URL, as the root loader read it). */
function useSiteUrl(path: string): string {
  return absoluteUrl(siteOrigin({ matches: useMatches() }), path);
}

/**
 * The embeddable player (decision 057): the video page's player and danmaku (read only: no
 * menu, no sending) in a frame of its own, the title linking to the video's page.
 */
export function EmbedPlayerView(props: {
  mixId: string;
  details: VideoDetails;
  options: EmbedOptions;
}) {
  const { details, options } = props;
  const { account, mode, setMode, loopMode, setLoopMode, setVideo, danmaku, source } =
    useItemPlayer(details);
  const pageUrl = useSiteUrl(videoPath(props.mixId));

  return (
    <EmbedFrame
      title={details.title}
      pageUrl={pageUrl}
      player={
        source ? (
          <Player
            source={source}
            title={details.title}
            author={details.user_info.name}
            startParam={options.start}
            loggedIn={account !== null}
            hasNext={false}
            listSize={0}
            loopMode={loopMode}
            onLoopModeChange={setLoopMode}
            displayMode={mode}
            onDisplayModeChange={setMode}
            autoplay={options.autoplay}
            pageModes={false}
            onVideoElement={setVideo}
            overlay={options.danmaku ? <DanmakuLayer danmaku={danmaku} readOnly /> : undefined}
            previewEnd={source.preview && <EmbedPreviewEnd pageUrl={pageUrl} />}
          />
        ) : (
          <VideoStatusScreen details={details} />
        )
      }
    />
  );
}

/** The frame of a video that is gone (404) or failed to load, with a way to the site. */
export function EmbedNoticeView({ missing }: { missing: boolean }) {
  return <EmbedNotice missing={missing} siteUrl={useSiteUrl('/')} />;
}
