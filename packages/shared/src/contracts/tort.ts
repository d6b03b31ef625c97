import Type, { type Static } from 'typebox';
import { MULTI_LINE_TEXT_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { oneOf } from './one-of.ts';
import { Email, Mobile } from './passport.ts';
import { MixIdString } from './video.ts';

/*
 * Infringement claims 侵权投诉 (SPEC §2 /tort, §7 tort_report_url and tort_report; decision
 * 055). A signed-in rights holder names Melon videos that infringe a right of theirs, with
 * proof; the operator decides with `melon tort decide`. Declared in calls/tort.calls.ts.
 */

/** Who claims: a person (个人) or a company or organisation (企业/机构). */
export const TORT_CLAIMANT_KINDS = ['person', 'company'] as const;
export type TortClaimantKind = (typeof TORT_CLAIMANT_KINDS)[number];

/** The right infringed, as Bilibili's and Xigua's forms list them. */
export const TORT_RIGHTS = ['copyright', 'portrait', 'reputation', 'trademark', 'other'] as const;
export type TortRight = (typeof TORT_RIGHTS)[number];

/** pending: 待处理; accepted: 投诉成立; rejected: 投诉不成立 (see `decision_note`). */
export const TORT_STATES = ['pending', 'accepted', 'rejected'] as const;
export type TortState = (typeof TORT_STATES)[number];

export const TORT_NAME_MAX_LENGTH = 50;
export const TORT_DESCRIPTION_MIN_LENGTH = 10;
export const TORT_DESCRIPTION_MAX_LENGTH = 1000;
/** The links box: one link (or id) a line, at most this many lines and characters. */
export const TORT_LINKS_MAX_COUNT = 10;
export const TORT_LINKS_MAX_LENGTH = 3000;
/**
 * Proof pictures: uploaded with uploadTortProof (the limits of comment pictures, decision 031)
 * and kept private — served only to their uploader, by `tortProofUrl` (decision 055).
 */
export const TORT_PROOFS_MAX_COUNT = 9;

/** Where the uploader's session fetches a proof picture's bytes (`/tort_proof/<id>`). */
export const TORT_PROOF_PATH = '/api/otherv2/tort_proof';
export const tortProofUrl = (id: string): string => `${TORT_PROOF_PATH}/${id}`;

/**
 * uploadTortProof data. `uri` is what a claim sends in `proof_images`; `url` is where only the
 * uploader can see it; the size is the stored picture's, after re-encoding.
 */
export const TortProofUploaded = Type.Object({
  uri: Type.String(),
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type TortProofUploaded = Static<typeof TortProofUploaded>;
/** The largest tort_report body: the fields above fit many times over. */
export const TORT_REPORT_BODY_MAX_BYTES = 32 * 1024;

/** What the page generates once per form, so a repeated submit files one claim. */
export const TORT_SUBMIT_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

/** getTortReportUrl query: the video to name in the form, if any. */
export const TortReportUrlQuery = Type.Object({ group_id: Type.Optional(MixIdString) });

/** getTortReportUrl data: where the infringement form is (this site's address). */
export const TortReportUrl = Type.Object({ url: Type.String() });
export type TortReportUrl = Static<typeof TortReportUrl>;

/** The links box as typed: one Melon video link or id a line. */
const Links = Type.String({ maxLength: TORT_LINKS_MAX_LENGTH });

/** resolveTortItems query. */
export const TortItemsQuery = Type.Object({ links: Links });

/** One line of the links box, resolved through the item policy. */
export const TortItemLine = Type.Object({
  /** The line as typed, trimmed. */
  link: Type.String(),
  /** The video it names; null when the line names none the claimant can see (`error` says). */
  item: Type.Union([
    Type.Object({
      group_id: Type.String(),
      title: Type.String(),
      author_name: Type.String(),
      cover_url: Type.String(),
    }),
    Type.Null(),
  ]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type TortItemLine = Static<typeof TortItemLine>;

/** resolveTortItems data: each non-empty line in order. */
export const TortItems = Type.Object({ lines: Type.Array(TortItemLine) });
export type TortItems = Static<typeof TortItems>;

/** fileTortReport body (JSON). */
export const TortReportBody = Type.Object({
  submit_id: Type.String({ pattern: TORT_SUBMIT_ID_PATTERN }),
  claimant_kind: oneOf(TORT_CLAIMANT_KINDS),
  claimant_name: Type.String({
    maxLength: TORT_NAME_MAX_LENGTH,
    pattern: SINGLE_LINE_TEXT_PATTERN,
  }),
  mobile: Mobile,
  email: Email,
  right: oneOf(TORT_RIGHTS),
  links: Links,
  description: Type.String({
    maxLength: TORT_DESCRIPTION_MAX_LENGTH,
    pattern: MULTI_LINE_TEXT_PATTERN,
  }),
  proof_images: Type.Array(Type.String({ maxLength: 100 }), { maxItems: TORT_PROOFS_MAX_COUNT }),
  /** 本人承诺所填信息真实有效: the claim is refused without it. */
  declaration: Type.Literal(true),
});
export type TortReportBody = Static<typeof TortReportBody>;

/** A claim as its claimant sees it. `id` is the reference number (投诉编号). */
export const TortReport = Type.Object({
  id: Type.String(),
  state: oneOf(TORT_STATES),
  claimant_kind: oneOf(TORT_CLAIMANT_KINDS),
  claimant_name: Type.String(),
  right: oneOf(TORT_RIGHTS),
  /** The videos named, with their titles as they were when the claim was filed. */
  items: Type.Array(Type.Object({ group_id: Type.String(), title: Type.String() })),
  description: Type.String(),
  /** Where the claimant sees each proof (only their session is answered the bytes). */
  proof_urls: Type.Array(Type.String()),
  /** Whether the videos were taken down (an accepted claim). */
  taken_down: Type.Boolean(),
  /** The operator's words with the decision; empty when none. */
  decision_note: Type.String(),
  /** 10-digit seconds. */
  created_at: Type.Integer(),
  /** 10-digit seconds; 0 while pending. */
  decided_at: Type.Integer(),
});
export type TortReport = Static<typeof TortReport>;

/** fileTortReport data: the claim, and whether this submit had already filed it. */
export const TortReportFiled = Type.Object({
  report: TortReport,
  already_filed: Type.Boolean(),
});
export type TortReportFiled = Static<typeof TortReportFiled>;

/** The most claims listed on /tort (newest first). */
export const TORT_LIST_MAX_COUNT = 50;

/** getMyTortReports data. */
export const TortReportList = Type.Object({ list: Type.Array(TortReport) });
export type TortReportList = Static<typeof TortReportList>;
