import { useContext } from 'react';
import { ToPlayContext, type ToPlayApi } from '../to-play-context.ts';

/** The basket; only inside ToPlayProvider. */
export function useToPlay(): ToPlayApi {
  const api = useContext(ToPlayContext);
  if (!api) throw new Error('useToPlay outside ToPlayProvider');
  return api;
}
