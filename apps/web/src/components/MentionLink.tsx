/** An `@mention` in a text: a link to the person's profile, under the name they have now. */
import { Link } from 'react-router';
import { useProfilePath } from '../lib/profile-path';

export function MentionLink({ userName, className }: { userName: string; className: string }) {
  const profilePath = useProfilePath();
  return (
    <Link to={profilePath(userName)} className={className}>
      @{userName}
    </Link>
  );
}
