/** What other features use of safety: the menu on others' content, the report dialog, and whether two people can still talk. */
export { ReportDialog, type ReportTarget } from './ReportDialog';
export { SafetyMenu } from './SafetyMenu';
export { useRelationQuery } from './api';
