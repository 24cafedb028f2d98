import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthUser } from '../auth/tokens';

/** The name of an account created by its first sign-in, until the profile is edited. */
export const NEW_ACCOUNT_NAME = 'Путешественник';

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
