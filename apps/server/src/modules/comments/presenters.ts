/** Shapes comments for the API (product.md § Comments). */
import type { Comment, Mention } from '@plaza/contract';
import { presentLinkPreview } from '../link-previews';
import { presentPublicUser, type PublicUserColumns } from '../users';
import type { CommentRow } from './repo';

export function presentComment(row: CommentRow, author: PublicUserColumns, likes: string[], mentions: Mention[]): Comment {
  return {
    _id: row.id,
    postId: row.post_id,
    commentContent: row.content,
    commentAuthor: presentPublicUser(author),
    commentLikes: likes,
    createdAt: row.created_at,
    linkPreview: presentLinkPreview(row.link_preview),
    mentions,
  };
}
