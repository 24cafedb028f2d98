import Type, { type Static } from 'typebox';
import { envelope, UserType } from './common';

export const Profile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  user_type: UserType,
  avatar_path: Type.Union([Type.String(), Type.Null()]),
});
export type Profile = Static<typeof Profile>;

export const ProfileResponse = envelope(Profile);
export type ProfileResponse = Static<typeof ProfileResponse>;
