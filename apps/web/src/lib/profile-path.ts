/** The route of a profile as seen by the signed-in user (SPEC §2). */
export const profilePath = (me: string, userName: string) =>
  `/network/u/profile/${encodeURIComponent(me)}/visited/${encodeURIComponent(userName)}`;
