/** A person's posts on their profile, under a heading that says whose they are. */
import { ProfilePosts } from '../posts/ProfilePosts';

export function ProfilePostsSection({ userName, fullName, isOwn }: { userName: string; fullName: string; isOwn: boolean }) {
  return (
    <section aria-labelledby="profile-posts-title">
      <h2 id="profile-posts-title" className="mb-3 text-lg font-semibold">
        {isOwn ? 'Your posts' : `Posts by ${fullName}`}
      </h2>
      <ProfilePosts userName={userName} />
    </section>
  );
}
