import type { Generated } from 'kysely';

/* Row types of the reports of videos, users and comments (migration 2026-11-25-024). */

/** One user's report of a video, a user or a comment: one per reporter and target. */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_kind: 'video' | 'user' | 'comment';
  target_id: string;
  /** The reason's number in get_report_reasons for the target's kind. */
  report_type: number;
  description: Generated<string>;
  created_at: number;
}

export interface ReportTables {
  reports: ReportsTable;
}
