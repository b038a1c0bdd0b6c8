/** Tables of the stories feature. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StoryTables {}
