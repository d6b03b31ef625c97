/* Row types of the membership redeem codes (issue 15, decision 052; migration 021). */

export interface VipCodesTable {
  /** SHA-256 (hex) of the normalised code, the key; the code itself is never stored. */
  code_hash: string;
  /** Membership days a redeem adds. */
  days: number;
  /** Last moment the code may be redeemed. */
  expires_at: number;
  created_at: number;
  /** Null until redeemed (and after the redeemer's account is deleted). */
  redeemed_by: string | null;
  redeemed_at: number | null;
}

export interface VipCodeTables {
  vip_codes: VipCodesTable;
}
