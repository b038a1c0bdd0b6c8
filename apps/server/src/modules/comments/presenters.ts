/** Shapes comments for the API (CONTRACT "Comment"). */
import type { Comment } from '@plaza/contract';
import { presentPublicUser } from '../users/presenters';
import type { UserRow } from '../users/repo';
import type { CommentRow } from './repo';

export function presentComment(row: CommentRow, author: UserRow, likes: string[]): Comment {
  return {
    _id: row.id,
    postId: row.post_id,
    commentContent: row.content,
    commentAuthor: presentPublicUser(author),
    commentLikes: likes,
    createdAt: row.created_at,
  };
}
