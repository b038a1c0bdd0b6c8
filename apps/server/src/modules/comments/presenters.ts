/** Shapes comments for the API (CONTRACT "Comment"). */
import type { Comment } from '@plaza/contract';
import { presentPublicUser, type PublicUserColumns } from '../users';
import type { CommentRow } from './repo';

export function presentComment(row: CommentRow, author: PublicUserColumns, likes: string[]): Comment {
  return {
    _id: row.id,
    postId: row.post_id,
    commentContent: row.content,
    commentAuthor: presentPublicUser(author),
    commentLikes: likes,
    createdAt: row.created_at,
  };
}
