import { session, type Profile } from '@excursio/shared';

export const ANNA: Profile = { id: 1, name: 'Анна Смирнова', phone: '79990000001', user_type: 'client', avatar_path: null };

export function signIn(favorites: number[] = [], profile: Profile = ANNA): void {
  session.token = 'token';
  session.profile = profile;
  session.favorites = favorites;
}

export function signOut(): void {
  session.token = null;
  session.profile = null;
  session.favorites = [];
}
