/** The route of a profile as seen by the signed-in user (product.md § Screens and routes): the visitor is the signed-in user. */
import { useAppSelector } from '../app/hooks';

export const profilePath = (me: string, userName: string) =>
  `/network/u/profile/${encodeURIComponent(me)}/visited/${encodeURIComponent(userName)}`;

/** `profilePath` with the signed-in user filled in. */
export function useProfilePath(): (visitedUserName: string) => string {
  const me = useAppSelector((s) => s.auth.userDetails?.userName ?? '');
  return (visited) => profilePath(me, visited);
}
