import type { Generated } from 'kysely';

/* Row types of the polls on items (migration 2026-11-25-020). */

/** A poll on an item. */
export interface ItemVotesTable {
  id: string;
  item_id: string;
  title: string;
  created_at: number;
}

/** One choice of a poll and its tally (the ballots naming it). */
export interface ItemVoteOptionsTable {
  vote_id: string;
  option_id: number;
  text: string;
  vote_count: Generated<number>;
}

/** One user's ballot in a poll: one per user and poll. */
export interface ItemVoteBallotsTable {
  vote_id: string;
  user_id: string;
  option_id: number;
  created_at: number;
}

export interface VoteTables {
  item_votes: ItemVotesTable;
  item_vote_options: ItemVoteOptionsTable;
  item_vote_ballots: ItemVoteBallotsTable;
}
