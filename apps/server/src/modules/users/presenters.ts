/** The only place that decides which user fields leave the server. */
import type { PublicUser, SelfUser } from '@plaza/contract';
import type { UserRow } from './repo';

/**
 * The columns a PublicUser is made of (every UserRow has them), so lists may select just these. A list
 * that never holds remote people (name search, suggestions) may leave out the two that mark them.
 */
export type PublicUserColumns = Pick<UserRow, 'id' | 'user_name' | 'full_name' | 'avatar_url' | 'user_bio' | 'created_at'> &
  Partial<Pick<UserRow, 'remote_host' | 'profile_url'>>;

export function presentPublicUser(row: PublicUserColumns): PublicUser {
  return {
    _id: row.id,
    userName: row.user_name,
    fullName: row.full_name,
    userImage: row.avatar_url,
    userBio: row.user_bio,
    createdAt: row.created_at,
    // A person of another server: `userName` is their handle (name@host[:port]).
    ...(row.remote_host ? { remote: true as const, profileUrl: row.profile_url ?? null } : {}),
  };
}

export function presentSelfUser(row: UserRow): SelfUser {
  return {
    ...presentPublicUser(row),
    email: row.email,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    language: row.language,
  };
}
