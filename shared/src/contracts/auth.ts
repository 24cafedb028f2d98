import Type, { type Static } from 'typebox';
import { envelope } from './common';
import { Profile } from './profile';

/** Phone as sent to the api: digits only (the client strips everything else), international format. */
export const PhoneDigits = Type.String({ pattern: '^[0-9]{10,15}$', maxLength: 15 });

/** POST /api/dev/login-as (APP_ENV=development only): a token for an existing account, for demos and e2e tests. */
export const DevLoginBody = Type.Object({ phone: PhoneDigits });
export type DevLoginBody = Static<typeof DevLoginBody>;

export const AuthSession = Type.Object({ token: Type.String(), user: Profile });
export type AuthSession = Static<typeof AuthSession>;

export const DevLoginResponse = envelope(AuthSession);
export type DevLoginResponse = Static<typeof DevLoginResponse>;
