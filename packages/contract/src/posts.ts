/** Schemas of the posts feature (see CONTRACT.md). */
export {};
