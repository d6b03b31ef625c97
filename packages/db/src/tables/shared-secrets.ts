/* Row types of the keys every process shares (decision 040; migration 014). */

/** A key every process of the site holds alike (decision 040), written once at start-up. */
export interface SharedSecretsTable {
  name: string;
  /** The secret's bytes, base64url. */
  value: string;
  created_at: number;
}

export interface SharedSecretTables {
  shared_secrets: SharedSecretsTable;
}
