/** Tables of the safety feature: who blocked and who muted whom. */

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

export interface MutesTable {
  muter_id: string;
  muted_id: string;
  created_at: string;
}

export interface SafetyTables {
  blocks: BlocksTable;
  mutes: MutesTable;
}
