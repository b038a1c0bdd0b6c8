/** The one "post not found" of every post feature (posts, reactions, comments, favorites). */
import { NotFoundError, sentence } from '../../lib/errors';
import type { PostRepo, PostRow } from './repo';

export const postGone = () => new NotFoundError(sentence('error.post.notFound'));

export async function existingPost(posts: PostRepo, postId: string): Promise<PostRow> {
  const post = await posts.findById(postId);
  if (!post) throw postGone();
  return post;
}
