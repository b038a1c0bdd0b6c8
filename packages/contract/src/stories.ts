/** Schemas of the stories feature (see CONTRACT.md). */
export {};
