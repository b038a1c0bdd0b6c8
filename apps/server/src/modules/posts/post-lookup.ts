/** The one "post not found" of every post feature (posts, reactions, comments, favorites). */
import { NotFoundError } from '../../lib/errors';
import type { PostRepo, PostRow } from './repo';

export const postGone = () => new NotFoundError('This post does not exist.');

export async function existingPost(posts: PostRepo, postId: string): Promise<PostRow> {
  const post = await posts.findById(postId);
  if (!post) throw postGone();
  return post;
}
