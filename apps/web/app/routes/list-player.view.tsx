import { useEffect, useMemo, useState } from 'react';
import { preload } from 'react-dom';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { Player } from '~/features/player/components/Player.tsx';
import type { DisplayMode } from '~/features/player/display-mode.ts';
import type { LoopMode } from '~/features/player/loop-mode.ts';
import { playerSourceOf } from '~/features/player/player-source.ts';
import { browserClient } from '~/lib/browser-client.ts';

interface ListPlayerProps {
  /** The videos in playing order; `index` is the one playing. */
  itemIds: readonly string[];
  index: number;
  onIndexChange: (index: number) => void;
  /** The cover to show until a video's details arrive (its card's). */
  posterOf?: (itemId: string) => string;
  className?: string;
}

/** The details of the videos asked for, each fetched once. */
function useDetails(ids: readonly (string | undefined)[]): Map<string, VideoDetails> {
  const [known, setKnown] = useState(() => new Map<string, VideoDetails>());
  const wanted = ids.filter((id): id is string => id !== undefined && !known.has(id));
  const key = wanted.join(',');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    for (const id of key.split(',')) {
      void browserClient()
        .call(getVideoDetails, { group_id: id })
        .then((details) => {
          if (live) setKnown((map) => new Map(map).set(id, details));
        });
    }
    return () => {
      live = false;
    };
  }, [key]);
  return known;
}

/**
 * Plays a list of videos in order with the site's player (a playlist, the short-video viewer):
 * the end of one starts the next, and the next one's manifest and cover are fetched while the
 * current one plays, so it starts without a wait.
 */
export function ListPlayer({
  itemIds,
  index,
  onIndexChange,
  posterOf,
  className,
}: ListPlayerProps) {
  const { account } = useLogin();
  const [loopMode, setLoopMode] = useState<LoopMode>('list');
  const [mode, setMode] = useState<DisplayMode>('player');
  const currentId = itemIds[index];
  const nextId = itemIds[index + 1];
  const details = useDetails([currentId, nextId]);
  const current = currentId === undefined ? undefined : details.get(currentId);
  const upcoming = nextId === undefined ? undefined : details.get(nextId);
  // Made once per item: the player restarts its playback when given another source object.
  const source = useMemo(() => (current ? playerSourceOf(current) : null), [current]);
  const nextSource = useMemo(() => (upcoming ? playerSourceOf(upcoming) : null), [upcoming]);
  if (nextSource?.dashUrl) preload(nextSource.dashUrl, { as: 'fetch', crossOrigin: 'anonymous' });
  if (nextSource?.posterUrl) preload(nextSource.posterUrl, { as: 'image' });

  if (!current || !source) {
    const poster = currentId && posterOf ? posterOf(currentId) : '';
    return (
      <div className={className} data-testid="list-player-waiting">
        {poster && <img src={poster} alt="" width={360} height={640} />}
      </div>
    );
  }
  return (
    <div className={className} data-testid="list-player" data-item-id={source.itemId}>
      <Player
        key={source.itemId}
        source={source}
        title={current.title}
        author={current.user_info.name}
        startParam={null}
        loggedIn={account !== null}
        hasNext={nextId !== undefined}
        listSize={itemIds.length}
        onNext={() => {
          onIndexChange(index + 1);
        }}
        onFirst={() => {
          onIndexChange(0);
        }}
        loopMode={loopMode}
        onLoopModeChange={setLoopMode}
        displayMode={mode}
        onDisplayModeChange={setMode}
      />
    </div>
  );
}
