import { describe, expect, it } from 'vitest';
import type { CommentState } from '@melon/db/tables/comments';
import { Visibility } from '@melon/db/enums';
import type { PolicyItem } from '../item/item.policy.ts';
import {
  canApprove,
  canComment,
  canDelete,
  canLike,
  canModerate,
  canReplyTo,
  canSee,
  isScreened,
  pinRefusal,
  reportRefusal,
  screenedState,
  type PolicyComment,
} from './comment.policy.ts';

const AUTHOR = '7300000000000000001';
const WRITER = '7300000000000000002';
const OTHER = '7300000000000000003';
const ORIGIN = 'https://melon.example';

const ITEM: PolicyItem = { user_id: AUTHOR, visibility: Visibility.All, media_state: 'ready' };
const STATES: readonly CommentState[] = ['visible', 'filtered', 'held', 'deleted'];

const comment = (state: CommentState, root_id: string | null = null): PolicyComment => ({
  user_id: WRITER,
  root_id,
  state,
});

describe('canSee', () => {
  const SEEN_BY: Record<CommentState, readonly (string | null)[]> = {
    visible: [WRITER, AUTHOR, OTHER, null],
    filtered: [WRITER],
    held: [WRITER, AUTHOR],
    deleted: [],
  };
  it.each(
    STATES.flatMap((state) =>
      [WRITER, AUTHOR, OTHER, null].map((viewerId) => ({
        state,
        viewerId,
        seen: SEEN_BY[state].includes(viewerId),
      })),
    ),
  )('a $state comment, viewer $viewerId: $seen', ({ state, viewerId, seen }) => {
    expect(canSee(comment(state), ITEM, viewerId)).toBe(seen);
  });
});

describe('screening a new comment', () => {
  it('never screens the video author’s own comments', () => {
    expect(isScreened(AUTHOR, ITEM)).toBe(false);
    expect(isScreened(WRITER, ITEM)).toBe(true);
  });

  it.each([
    ['a filter word', '这是广告', ['广告'], 'filtered'],
    ['a filter word and a link elsewhere', '广告 https://evil.example/x', ['广告'], 'filtered'],
    ['a link elsewhere', '看 https://evil.example/x', ['广告'], 'held'],
    ['a link to this site', `看 ${ORIGIN}/video/1`, ['广告'], 'visible'],
    ['plain text', '好看', ['广告'], 'visible'],
    ['no filter words', '这是广告', [], 'visible'],
  ] as const)('%s: %s', (_name, text, words, state) => {
    expect(screenedState(text, words, ORIGIN)).toBe(state);
  });
});

describe('writing, replying and liking', () => {
  it('refuses a comment or reply from a user the video’s author blocked', () => {
    expect(canComment(true)).toBe(false);
    expect(canComment(false)).toBe(true);
  });

  it.each(STATES)('takes a reply and a like only on a comment everyone sees: %s', (state) => {
    expect(canReplyTo(comment(state))).toBe(state === 'visible');
    expect(canLike(comment(state))).toBe(state === 'visible');
  });
});

describe('canDelete', () => {
  it.each([
    ['lets its writer', WRITER, true],
    ['lets the video’s author', AUTHOR, true],
    ['refuses another user', OTHER, false],
    ['refuses a visitor', null, false],
  ] as const)('%s', (_name, viewerId, allowed) => {
    expect(canDelete(comment('visible'), ITEM, viewerId)).toBe(allowed);
  });

  it('leaves a deleted video’s comments to their writers only', () => {
    const gone = { ...ITEM, visibility: Visibility.Delete };
    expect(canDelete(comment('visible'), gone, AUTHOR)).toBe(false);
    expect(canDelete(comment('visible'), gone, WRITER)).toBe(true);
  });
});

describe('moderation: pins and approvals', () => {
  it('is the video’s author’s alone', () => {
    expect(canModerate(ITEM, AUTHOR)).toBe(true);
    expect(canModerate(ITEM, WRITER)).toBe(false);
    expect(canModerate(ITEM, null)).toBe(false);
  });

  it.each([
    ['a visible comment, by the video’s author', comment('visible'), AUTHOR, undefined],
    ['no comment by its writer', comment('visible'), WRITER, 'not-author'],
    ['no reply', comment('visible', '7300000000000000009'), AUTHOR, 'reply'],
    ['no held comment', comment('held'), AUTHOR, 'unseen'],
    ['nothing by another user', comment('held', '7300000000000000009'), OTHER, 'not-author'],
  ] as const)('pins %s', (_name, target, viewerId, refusal) => {
    expect(pinRefusal(target, ITEM, viewerId)).toBe(refusal);
  });

  it.each(STATES)('approves only a held comment: %s', (state) => {
    expect(canApprove(comment(state))).toBe(state === 'held');
  });
});

describe('reportRefusal', () => {
  it.each([
    ['lets another user report a visible comment', 'visible', OTHER, undefined],
    ['lets the video’s author report a visible comment', 'visible', AUTHOR, undefined],
    ['lets the video’s author report a held comment', 'held', AUTHOR, undefined],
    ['answers a held comment to another user as unknown', 'held', OTHER, 'unseen'],
    ['answers a filtered comment to another user as unknown', 'filtered', OTHER, 'unseen'],
    ['answers a deleted comment as unknown', 'deleted', AUTHOR, 'unseen'],
    ['refuses one’s own visible comment', 'visible', WRITER, 'own'],
    ['answers one’s own held comment as unknown', 'held', WRITER, 'unseen'],
  ] as const)('%s', (_name, state, reporterId, refusal) => {
    expect(reportRefusal(comment(state), ITEM, reporterId)).toBe(refusal);
  });
});
