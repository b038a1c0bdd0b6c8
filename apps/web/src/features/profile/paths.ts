/** The profile route of SPEC §2, with the signed-in user as the visitor. */
import { useAppSelector } from '../../app/hooks';

export const profilePath = (visitor: string, visited: string) =>
  `/network/u/profile/${encodeURIComponent(visitor)}/visited/${encodeURIComponent(visited)}`;

export function useProfilePath(): (visitedUserName: string) => string {
  const me = useAppSelector((s) => s.auth.userDetails?.userName ?? '');
  return (visited) => profilePath(me, visited);
}
