import Type, { type Static } from 'typebox';
import { MULTI_LINE_TEXT_PATTERN } from '../display-text.ts';
import { oneOf } from './one-of.ts';

/*
 * The feedback form 意见反馈 (SPEC §7 Other: post_message and the image upload; SPEC "Feedback
 * form" fields; decision 060). Visitors and signed-in users alike; the operator reads and closes
 * feedback with `melon feedback`. Declared in calls/feedback.calls.ts.
 */

/** 播放问题, 弹幕问题, 账号问题, 功能建议, 其他. */
export const FEEDBACK_CATEGORIES = ['play', 'danmaku', 'account', 'suggestion', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** open: 待处理; closed: the operator has dealt with it. */
export const FEEDBACK_STATES = ['open', 'closed'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export const FEEDBACK_DESCRIPTION_MIN_LENGTH = 5;
export const FEEDBACK_DESCRIPTION_MAX_LENGTH = 500;
export const FEEDBACK_CONTACT_MAX_LENGTH = 100;
export const FEEDBACK_IMAGES_MAX_COUNT = 3;
/** SPEC §8: the client version sent with feedback. */
export const FEEDBACK_VERSION_CODE = '2.11.0-1';
/** The largest post_message form: the fields below fit several times over. */
export const FEEDBACK_FORM_MAX_BYTES = 16 * 1024;

/** The contact a visitor may leave: a mainland mobile number or an email address. */
export const FEEDBACK_CONTACT_PATTERN = '^(?:1[3-9][0-9]{9}|[^\\s@]+@[^\\s@]+\\.[^\\s@]+)$';

/**
 * Stored feedback screenshots live in this directory of the media root: under `private/`, which
 * the public media routes never serve (screenshots show people's accounts and screens); the
 * operator reads them by key (`melon feedback list`).
 */
export const FEEDBACK_IMAGE_DIR = 'private/feedback-images';
const FEEDBACK_IMAGE_URI = new RegExp(`^${FEEDBACK_IMAGE_DIR}/[1-9][0-9]{15,25}\\.webp$`);
/** Whether `value` has the form of an uploaded feedback screenshot's uri (the form only). */
export const isFeedbackImageUri = (value: string): boolean => FEEDBACK_IMAGE_URI.test(value);

/** A client field as the page fills it in: short text, possibly empty. */
const ClientField = (maxLength = 100) => Type.Optional(Type.String({ maxLength }));

/**
 * postFeedback form (multipart, every field text). `image_uris` joins the uploaded screenshots'
 * uris with commas, in order. The client fields are the SPEC's, kept as sent for the operator.
 */
export const FeedbackForm = Type.Object({
  category: oneOf(FEEDBACK_CATEGORIES),
  description: Type.String({
    maxLength: FEEDBACK_DESCRIPTION_MAX_LENGTH,
    pattern: MULTI_LINE_TEXT_PATTERN,
  }),
  contact: Type.Optional(
    Type.Union([
      Type.Literal(''),
      Type.String({ maxLength: FEEDBACK_CONTACT_MAX_LENGTH, pattern: FEEDBACK_CONTACT_PATTERN }),
    ]),
  ),
  image_uris: Type.Optional(Type.String({ maxLength: 400 })),
  app_name: ClientField(),
  appkey: ClientField(),
  aid: ClientField(),
  device_id: ClientField(),
  network_type: ClientField(),
  os_version: ClientField(),
  device_type: ClientField(),
  version_code: ClientField(),
  language: ClientField(),
  web_id: ClientField(),
  web_url: ClientField(1024),
  web_ua: ClientField(512),
});
export type FeedbackForm = Static<typeof FeedbackForm>;

/** The SPEC's client fields of the feedback form, kept as sent for the operator. */
export const FEEDBACK_CLIENT_FIELDS = [
  'app_name',
  'appkey',
  'aid',
  'device_id',
  'network_type',
  'os_version',
  'device_type',
  'version_code',
  'language',
  'web_id',
  'web_url',
  'web_ua',
] as const satisfies readonly (keyof FeedbackForm)[];

/** postFeedback data: the feedback's number. */
export const FeedbackPosted = Type.Object({ id: Type.String() });
export type FeedbackPosted = Static<typeof FeedbackPosted>;

/** uploadFeedbackImage data: `uri` goes into `image_uris` (the page previews its own file). */
export const FeedbackImageUploaded = Type.Object({
  uri: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type FeedbackImageUploaded = Static<typeof FeedbackImageUploaded>;
