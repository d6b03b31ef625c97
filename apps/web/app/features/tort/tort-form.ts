import { MOBILE_PATTERN } from '@melon/shared/contracts/passport';
import type { TortClaimantKind, TortReportBody, TortRight } from '@melon/shared/contracts/tort';
import { tortMessages as t } from './messages.ts';

/** The fields of the form an error can be shown under. */
export type TortField =
  | 'claimant_kind'
  | 'claimant_name'
  | 'mobile'
  | 'email'
  | 'right'
  | 'links'
  | 'description'
  | 'proof_images'
  | 'declaration';

const FIELDS: readonly TortField[] = [
  'claimant_kind',
  'claimant_name',
  'mobile',
  'email',
  'right',
  'links',
  'description',
  'proof_images',
  'declaration',
];

/** The form field a server error names (`proof_images.2` is the pictures'); null for none. */
export function formFieldOf(field: string | undefined): TortField | null {
  const head = field?.split('.')[0];
  return FIELDS.find((known) => known === head) ?? null;
}

/** A message under each field that has one. */
export type TortErrors = Partial<Record<TortField, string>>;

/** What the form holds besides the pictures. */
export interface TortDraft {
  claimantKind: TortClaimantKind;
  name: string;
  mobile: string;
  email: string;
  right: TortRight;
  links: string;
  description: string;
  declared: boolean;
}

export const emptyDraft = (links: string): TortDraft => ({
  claimantKind: 'person',
  name: '',
  mobile: '',
  email: '',
  right: 'copyright',
  links,
  description: '',
  declared: false,
});

/**
 * A new id for one filling of the form: a repeated submit of it files one claim. 32 hex digits
 * from getRandomValues, which works on plain http too (randomUUID does not).
 */
export function newSubmitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const MOBILE = new RegExp(MOBILE_PATTERN);
/** A practical email check; the server decides for good. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the form can tell before sending, every field at once: the fields left empty, a
 * malformed mobile or email, the declaration unticked. A refused submit counts against the
 * claimant's few claims per ten minutes, so a form that cannot pass is not sent; the server
 * judges the rest (each link's video, the description's length, the pictures).
 */
export function draftProblems(draft: TortDraft, proofCount: number): TortErrors {
  const problems: TortErrors = {};
  if (draft.name.trim() === '') problems.claimant_name = t.nameMissing;
  if (!MOBILE.test(draft.mobile.trim())) problems.mobile = t.mobileInvalid;
  if (!EMAIL.test(draft.email.trim())) problems.email = t.emailInvalid;
  if (draft.links.trim() === '') problems.links = t.linksMissing;
  if (proofCount === 0) problems.proof_images = t.proofsMissing;
  if (!draft.declared) problems.declaration = t.declarationNeeded;
  return problems;
}

/** The first field in the form's order that has a problem. */
export const firstFieldOf = (errors: TortErrors): TortField | undefined =>
  FIELDS.find((field) => errors[field] !== undefined);

/** The body of the claim, once the declaration is ticked; the server checks everything else. */
export function claimBody(
  draft: TortDraft,
  submitId: string,
  proofUris: readonly string[],
): TortReportBody {
  return {
    submit_id: submitId,
    claimant_kind: draft.claimantKind,
    claimant_name: draft.name,
    mobile: draft.mobile.trim(),
    email: draft.email.trim(),
    right: draft.right,
    links: draft.links,
    description: draft.description,
    proof_images: [...proofUris],
    declaration: true,
  };
}
