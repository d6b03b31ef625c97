import { TAG_MAX_COUNT, TAG_MAX_LENGTH, TITLE_MAX_LENGTH } from '@melon/shared/contracts/publish';
import type {
  StudioEditBody,
  StudioVideoDetail,
  StudioVisibility,
} from '@melon/shared/contracts/studio';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { studioVideoMessages as t } from './video-messages.ts';

/** The edit form's fields as typed: marks as m:ss (or h:mm:ss), tags separated by spaces. */
export interface VideoFormValues {
  title: string;
  abstract: string;
  tags: string;
  channelId: number;
  visibility: StudioVisibility;
  opening: string;
  ending: string;
}

/** A mark typed as s, m:ss or h:mm:ss: its milliseconds; '' is no mark; null: not a time. */
export function parseMark(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,2}(:\d{1,2}){0,2}$/.test(trimmed)) return undefined;
  const parts = trimmed.split(':').map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return undefined;
  return parts.reduce((total, part) => total * 60 + part, 0) * 1000;
}

/** Milliseconds as the form shows a mark: m:ss, or h:mm:ss from an hour on; null: ''. */
export function formatMark(ms: number | null): string {
  if (ms === null) return '';
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export function formValuesOf(detail: StudioVideoDetail): VideoFormValues {
  return {
    title: detail.video.title,
    abstract: detail.abstract,
    tags: detail.tags.join(' '),
    channelId: detail.channel_id,
    visibility: toStudioVisibility(detail.video.visibility),
    opening: formatMark(detail.opening_ms),
    ending: formatMark(detail.ending_ms),
  };
}

/** A level the studio offers; any other (a catalogue's) is shown as its nearest: public. */
function toStudioVisibility(level: number): StudioVisibility {
  return level === 15 || level === 20 ? level : 60;
}

export type FormErrors = Partial<Record<'title' | 'tags' | 'opening' | 'ending', string>>;

/**
 * The form checked as the server checks it, so the author reads what is wrong before sending:
 * the body to send, or the fields' errors.
 */
export function readVideoForm(
  itemId: string,
  values: VideoFormValues,
  durationMs: number,
): { body: StudioEditBody } | { errors: FormErrors } {
  const errors: FormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = t.titleRequired;
  else if (codePointLength(title) > TITLE_MAX_LENGTH) errors.title = t.titleTooLong;
  const tags = [...new Set(values.tags.split(/[\s,，]+/).filter((tag) => tag !== ''))];
  if (tags.length > TAG_MAX_COUNT || tags.some((tag) => codePointLength(tag) > TAG_MAX_LENGTH)) {
    errors.tags = t.tags;
  }
  const opening = parseMark(values.opening);
  const ending = parseMark(values.ending);
  if (opening === undefined) errors.opening = t.markFormat;
  else if (opening !== null && durationMs > 0 && opening > durationMs)
    errors.opening = t.markOutside;
  if (ending === undefined) errors.ending = t.markFormat;
  else if (ending !== null && durationMs > 0 && ending > durationMs) errors.ending = t.markOutside;
  else if (ending !== null && typeof opening === 'number' && ending <= opening) {
    errors.ending = t.markOrder;
  }
  if (Object.keys(errors).length > 0 || opening === undefined || ending === undefined) {
    return { errors };
  }
  return {
    body: {
      item_id: itemId,
      title,
      abstract: values.abstract.trim(),
      tags,
      channel_id: values.channelId,
      visibility: values.visibility,
      opening_ms: opening,
      ending_ms: ending,
    },
  };
}
