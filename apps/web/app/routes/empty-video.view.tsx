import type { FeedCell } from '@melon/shared/contracts/feed';
import { EmptyVideoPage } from '~/features/empty-video/components/EmptyVideoPage.tsx';
import { VideoCard } from '~/features/feed/components/VideoCard.tsx';
import { useCardActions } from './card-actions.view.tsx';

/** 视频不存在 with its recommended videos as feed cards: /EmptyAnyVideo and a gone video's address. */
export function EmptyVideoView({ videos, nowMs }: { videos: readonly FeedCell[]; nowMs: number }) {
  const coverAction = useCardActions();
  return (
    <EmptyVideoPage
      videos={videos}
      renderVideo={(cell) => (
        <VideoCard cell={cell} nowMs={nowMs} cover="eager" coverAction={coverAction(cell)} />
      )}
    />
  );
}
