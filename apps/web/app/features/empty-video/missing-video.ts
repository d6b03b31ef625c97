import { data, isRouteErrorResponse } from 'react-router';
import type { FeedCell } from '@melon/shared/contracts/feed';

/** What the page of a missing video shows besides its message: other videos to watch. */
export interface MissingVideo {
  missingVideo: true;
  videos: FeedCell[];
  /** The render's time, for the cards' relative times. */
  nowMs: number;
}

/** The answer of the page of a missing video, with HTTP status 404. */
export const missingVideoAnswer = (videos: FeedCell[]) =>
  data<MissingVideo>({ missingVideo: true, videos, nowMs: Date.now() }, { status: 404 });

/** Ends a video page's loader with the missing video's page (its route's error boundary). */
export function throwMissingVideo(videos: FeedCell[]): never {
  // React Router answers a thrown data() with its status and the route's ErrorBoundary.
  const answer: unknown = missingVideoAnswer(videos);
  throw answer;
}

/** The missing video's page a route's error stands for, if it does (thrown by its loader). */
export function missingVideoOf(error: unknown): MissingVideo | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const payload = error.data as Partial<MissingVideo> | null;
  return payload?.missingVideo === true ? (payload as MissingVideo) : null;
}
