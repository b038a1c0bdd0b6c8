/** Tables of the link-previews feature. The cards themselves are kept on posts, comments and messages (`link_preview`). */

/** The card last made for a normalized link, reused until `expires_at`; `card` null remembers a failed read. */
export interface LinkPreviewsTable {
  url_key: string;
  /** JSON of a LinkPreview without its `url` (each text keeps the link as its author wrote it). */
  card: string | null;
  fetched_at: string;
  expires_at: string;
}

export interface LinkPreviewTables {
  link_previews: LinkPreviewsTable;
}
