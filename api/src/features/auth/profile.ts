import type { Profile } from '@excursio/shared/contracts';
import type { AuthUser } from './tokens';

/** The Profile contract of a user. */
export function toProfile(user: AuthUser): Profile {
  return {
    id: user.id,
    name: user.name,
    phone: user.phone,
    user_type: user.userType,
    avatar_path: user.avatarPath,
  };
}
