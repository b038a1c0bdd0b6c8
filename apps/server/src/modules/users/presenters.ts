/** The only place that decides which user fields leave the server. */
import type { PublicUser, SelfUser } from '@plaza/contract';
import type { UserRow } from './repo';

export function presentPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    userName: row.user_name,
    fullName: row.full_name,
    userImage: row.avatar_url,
    userBio: row.user_bio,
    createdAt: row.created_at,
  };
}

export function presentSelfUser(row: UserRow): SelfUser {
  return { ...presentPublicUser(row), email: row.email };
}
