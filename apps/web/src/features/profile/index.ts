/** What other features use of profiles: the link to a person's profile as the signed-in user sees it. */
export { profilePath, useProfilePath } from './paths';
