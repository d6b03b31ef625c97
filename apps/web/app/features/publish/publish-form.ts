import {
  ABSTRACT_MAX_LENGTH,
  TAG_MAX_COUNT,
  TAG_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '@melon/shared/contracts/publish';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { publishMessages as t } from './messages.ts';

export interface PublishDraft {
  title: string;
  abstract: string;
  tags: string[];
  channelId: string;
}

export type DraftErrors = Partial<Record<'title' | 'abstract' | 'tags' | 'channel', string>>;

/** The title a picked file suggests: its name without the extension, cut to the limit. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^./\\]{1,8}$/, '').trim();
  return Array.from(base).slice(0, TITLE_MAX_LENGTH).join('');
}

/** What stops the draft from being published, per field; empty when nothing does. */
export function checkDraft(draft: PublishDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (title === '') errors.title = t.form.titleMissing;
  else if (codePointLength(title) > TITLE_MAX_LENGTH) errors.title = t.form.titleTooLong;
  if (codePointLength(draft.abstract) > ABSTRACT_MAX_LENGTH)
    errors.abstract = t.form.abstractTooLong;
  if (draft.channelId === '') errors.channel = t.form.channelMissing;
  return errors;
}

/**
 * Adds what was typed as a tag: trimmed, at most TAG_MAX_LENGTH characters, no duplicate, at
 * most TAG_MAX_COUNT. Answers the new list, or the reason it was not added.
 */
export function addTag(tags: readonly string[], typed: string): string[] | { error: string } {
  const tag = typed.trim().replace(/^#+/, '');
  if (tag === '') return [...tags];
  if (codePointLength(tag) > TAG_MAX_LENGTH) return { error: t.form.tagTooLong };
  if (tags.includes(tag)) return { error: t.form.tagDuplicate };
  if (tags.length >= TAG_MAX_COUNT) return { error: t.form.tagsFull };
  return [...tags, tag];
}
