/** Types of node-flags.mjs, for the benchmarks that start the server as `npm start` does. */
export function nodeFlags(host?: { cores?: number; memoryBytes?: number; nodeOptions?: string }): string[];
export function serve(entry: string, flags?: string[]): void;
