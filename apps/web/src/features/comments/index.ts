/** What other features use of comments: the section under an opened post. */
export { CommentsSection } from './CommentsSection';
export { applyCommentLinkPreview } from './api';
