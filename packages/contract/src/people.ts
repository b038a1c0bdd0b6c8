/** Schemas of the people feature (see CONTRACT.md). */
export {};
