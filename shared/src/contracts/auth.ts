import Type, { type Static } from 'typebox';
import { envelope } from './common';
import { Profile } from './profile';

/** Phone as sent to the api: digits only (the client strips everything else), international format. */
// maxLength bounds the input before the pattern reads it; it is wider than the pattern so that a formatted number
// («+7 (999) 000-00-01») is told its format is wrong, not its length
export const PhoneDigits = Type.String({ pattern: '^[0-9]{10,15}$', maxLength: 32 });

/** POST /api/dev/login-as (APP_ENV=development only): a token for an existing account, for demos and e2e tests. */
export const DevLoginBody = Type.Object({ phone: PhoneDigits });
export type DevLoginBody = Static<typeof DevLoginBody>;

export const AuthSession = Type.Object({ token: Type.String(), user: Profile });
export type AuthSession = Static<typeof AuthSession>;

export const DevLoginResponse = envelope(AuthSession);
export type DevLoginResponse = Static<typeof DevLoginResponse>;
