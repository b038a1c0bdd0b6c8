/** Schemas of the chat feature (see CONTRACT.md). */
export {};
