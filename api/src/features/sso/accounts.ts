import { DEFAULT_NAME } from '@excursio/shared/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { HttpError } from '../../http/http-error';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthUser } from '../auth/tokens';

/** The name of an account created by its first sign-in, until the profile is edited. */
export const NEW_ACCOUNT_NAME = DEFAULT_NAME;

const columns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  userType: users.userType,
  avatarPath: users.avatarPath,
};

/** The account of a phone, created as a client on its first successful sign-in (safe under concurrency). */
export async function accountForPhone(db: Database, phone: string): Promise<AuthUser> {
  const find = async () => (await db.select(columns).from(users).where(eq(users.phone, phone)).limit(1))[0];
  const existing = await find();
  if (existing) return existing;
  const [created] = await db
    .insert(users)
    .values({ phone, name: NEW_ACCOUNT_NAME, userType: 'client' })
    .onConflictDoNothing({ target: users.phone })
    .returning(columns);
  const user = created ?? (await find());
  if (!user) throw new Error('the account of a signed-in phone could not be created');
  return user;
}

/** Whether the phone is a blocked account's (its sign-in is refused). */
export async function isBlockedPhone(db: Database, phone: string): Promise<boolean> {
  const [row] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.phone, phone)).limit(1);
  return Boolean(row?.blockedAt);
}

/** This number is already another account's: a phone change to it is refused. */
export const PHONE_TAKEN = 'Этот номер уже привязан к другому аккаунту Excursio.';

/** Whether another account signs in with this phone. */
export async function phoneTaken(db: Database, phone: string, userId: number): Promise<boolean> {
  const [other] = await db.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), ne(users.id, userId))).limit(1);
  return other !== undefined;
}

/** A confirmed phone change: the account takes the new number (refused if another account took it meanwhile). */
export async function movePhone(db: Database, userId: number, phone: string): Promise<AuthUser> {
  if (await phoneTaken(db, phone, userId)) throw new HttpError(409, PHONE_TAKEN, { phone: [PHONE_TAKEN] });
  try {
    const [user] = await db.update(users).set({ phone, updatedAt: new Date() }).where(eq(users.id, userId)).returning(columns);
    if (!user) throw new HttpError(404, 'Not Found.', {});
    return user;
  } catch (error) {
    // another account signed up with this phone in between (users_phone_key)
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, PHONE_TAKEN, { phone: [PHONE_TAKEN] });
    throw error;
  }
}
