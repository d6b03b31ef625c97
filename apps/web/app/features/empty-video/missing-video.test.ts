import { data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { missingVideoAnswer, missingVideoOf, throwMissingVideo } from './missing-video.ts';

/** What React Router hands an error boundary for a thrown data(): an ErrorResponse. */
function caught(thrown: unknown) {
  const answer = thrown as ReturnType<typeof data>;
  return {
    status: answer.init?.status ?? 500,
    statusText: '',
    internal: false,
    data: answer.data,
  };
}

describe('the missing video answer', () => {
  it('is a 404 that carries the videos to offer', () => {
    const answer = missingVideoAnswer([]);
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toMatchObject({ missingVideo: true, videos: [] });
    expect(() => throwMissingVideo([])).toThrow();
  });

  it('is told apart from any other 404 and from other errors', () => {
    let thrown: unknown;
    try {
      throwMissingVideo([]);
    } catch (error) {
      thrown = error;
    }
    expect(missingVideoOf(caught(thrown))).toMatchObject({ missingVideo: true, videos: [] });
    expect(missingVideoOf(caught(data(null, { status: 404 })))).toBeNull();
    expect(missingVideoOf(caught(data({ missingVideo: true }, { status: 500 })))).toBeNull();
    expect(missingVideoOf(new Error('boom'))).toBeNull();
  });
});
