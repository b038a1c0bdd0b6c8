/**
 * The moderation feature's public API. It owns `reports` and `moderation_log`; what can be reported is
 * described and removed by the features that own it (their `moderation` parts, handed in by modules/index.ts).
 * Roles are changed only from the command line (`npm run admin`, src/admin/main.ts).
 */
export { createModerationFeature } from './feature';
export { confirmEmail } from './accounts';
export { requireRole, setRole } from './roles';
