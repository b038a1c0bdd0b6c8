/** Tables of the posts feature. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PostTables {}
