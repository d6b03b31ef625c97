import Type, { type Static } from 'typebox';
import { SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { oneOf } from './one-of.ts';

/*
 * Creator certification (decision 046): a signed-in user applies for 兴趣认证 (a field of
 * interest and representative works) or 职业认证 (a profession, real name and where it can be
 * checked); an operator approves or rejects it from the command line. Declared in
 * calls/certification.calls.ts.
 */

export const CERTIFICATION_FIELD_MAX_LENGTH = 20;
export const CERTIFICATION_NAME_MAX_LENGTH = 20;
export const CERTIFICATION_PROOF_MAX_LENGTH = 500;
export const CERTIFICATION_WORKS_MAX = 5;
export const CERTIFICATION_WORK_MAX_LENGTH = 300;

export const CertificationKind = oneOf(['interest', 'profession'] as const);
export type CertificationKind = Static<typeof CertificationKind>;
export const CertificationState = oneOf(['pending', 'approved', 'rejected'] as const);
export type CertificationState = Static<typeof CertificationState>;

/** One application as its applicant sees it. */
export const CertificationApplication = Type.Object({
  id: Type.String(),
  kind: CertificationKind,
  /** pending: 审核中; approved: 已通过; rejected: 未通过 (see `reason`). */
  state: CertificationState,
  field: Type.String(),
  real_name: Type.String(),
  proof: Type.String(),
  works: Type.Array(Type.String()),
  reason: Type.String(),
  /** 10-digit seconds. */
  create_time: Type.Integer(),
  /** 10-digit seconds; 0 before the review. */
  review_time: Type.Integer(),
});
export type CertificationApplication = Static<typeof CertificationApplication>;

/** The viewer's newest application of each kind (null: none yet) and the certification shown. */
export const CertificationStatus = Type.Object({
  interest: Type.Union([CertificationApplication, Type.Null()]),
  profession: Type.Union([CertificationApplication, Type.Null()]),
  /** What the author page shows (SPEC §3 user detail), null when not certified. */
  user_auth_info: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type CertificationStatus = Static<typeof CertificationStatus>;

const Line = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: SINGLE_LINE_TEXT_PATTERN });
/** A representative work: an http(s) link. */
const WorkLink = Type.String({
  pattern: '^https?://[^\\s]+$',
  maxLength: CERTIFICATION_WORK_MAX_LENGTH,
});

export const ApplyCertificationBody = Type.Object({
  kind: CertificationKind,
  /** The field of interest (interest) or the profession (profession). */
  field: Line(CERTIFICATION_FIELD_MAX_LENGTH),
  works: Type.Optional(
    Type.Array(WorkLink, { maxItems: CERTIFICATION_WORKS_MAX, uniqueItems: true }),
  ),
  /** Profession only, required there. */
  real_name: Type.Optional(Line(CERTIFICATION_NAME_MAX_LENGTH)),
  /** Profession only, required there: where the profession can be checked. */
  proof: Type.Optional(Type.String({ minLength: 1, maxLength: CERTIFICATION_PROOF_MAX_LENGTH })),
});
export type ApplyCertificationBody = Static<typeof ApplyCertificationBody>;
