/**
 * The Node flags a benchmark starts a server with: those `npm start` computes for this host
 * (scripts/node-flags.mjs), so the server is measured as it is served, and a baseline server gets the same.
 * SERVER_NODE_ARGS ('--flag …', or '' for none) replaces them for an A/B.
 */
// A plain JavaScript module of the root scripts (run by Node without a build), so typed here.
const hostFlags = (await import(new URL('../../scripts/node-flags.mjs', import.meta.url).href)) as { nodeFlags: () => string[] };

export function serverNodeFlags(): string[] {
  const asked = process.env.SERVER_NODE_ARGS;
  if (asked !== undefined) return asked.split(' ').filter(Boolean);
  return hostFlags.nodeFlags();
}
