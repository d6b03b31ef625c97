import type { Generated } from 'kysely';

/* Row types of the certification applications (decision 046; migration 017). */

export type CertificationKind = 'interest' | 'profession';

export type CertificationState = 'pending' | 'approved' | 'rejected';

/** A creator's application for a certification (decision 046). */
export interface CertificationApplicationsTable {
  id: string;
  user_id: string;
  kind: CertificationKind;
  state: Generated<CertificationState>;
  /** The field of interest, or the profession. */
  field: string;
  /** The profession's applicant's real name. */
  real_name: string | null;
  /** The profession's proof (where it can be checked). */
  proof: string | null;
  /** Representative works' links, one a line. */
  works: Generated<string>;
  /** Why it was rejected. */
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
}

export interface CertificationTables {
  certification_applications: CertificationApplicationsTable;
}
