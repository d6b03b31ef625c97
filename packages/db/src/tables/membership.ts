/* Row types of memberships and bought episodes (issue 15; migration 018). */

/** A user's membership (issue 15): valid until `expires_at`. */
export interface VipMembershipsTable {
  user_id: string;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

/** An episode a user bought; `order_id` is the order (or code) that granted it. */
export interface PaidEpisodesTable {
  user_id: string;
  item_id: string;
  order_id: string;
  created_at: number;
}

export interface MembershipTables {
  vip_memberships: VipMembershipsTable;
  paid_episodes: PaidEpisodesTable;
}
