import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DEFAULT_NAME, EMAIL_CODE_LENGTH, NAME_MAX, type AccountSettings } from '@excursio/shared/contracts';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, emailConfirmations, events, favorites, notifications, orders, reviews, users } from '../../db/schema';
import { fieldError, HttpError } from '../../http/http-error';
import { ownedImages } from '../media/uploads/store';
import { queueLetter } from '../mail/queue';

const MINUTE_MS = 60_000;
/** How long an e-mail code is valid, how many guesses it allows, how many codes an account may ask for an hour. */
export const EMAIL_CODE_TTL_MS = 30 * MINUTE_MS;
export const EMAIL_CODE_ATTEMPTS = 5;
export const EMAIL_CODES_PER_HOUR = 5;
/** What a deleted account's name becomes (its reviews stay, signed so). */
export const DELETED_NAME = 'Удалённый пользователь';

/** A practical e-mail check (the confirmation code proves the rest). */
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

const hashEmailCode = (userId: number, email: string, code: string) =>
  createHash('sha256').update(`email-code:${userId}:${email}:${code}`).digest('hex');

/** Orders that are still ahead: a request, an unpaid order, a confirmed trip not yet over. */
async function upcomingOrders(db: Database, userId: number, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(
      and(
        eq(orders.customerId, userId),
        or(
          inArray(orders.status, ['awaiting_confirmation', 'awaiting_payment']),
          and(eq(orders.status, 'confirmed'), gt(events.startsAt, now)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

export async function accountSettings(db: Database, userId: number, now: Date): Promise<AccountSettings> {
  const [user] = await db
    .select({
      name: users.name,
      phone: users.phone,
      email: users.email,
      avatarPath: users.avatarPath,
      reminders: users.emailReminders,
      pending: emailConfirmations.email,
      expiresAt: emailConfirmations.expiresAt,
    })
    .from(users)
    .leftJoin(emailConfirmations, eq(emailConfirmations.userId, users.id))
    .where(eq(users.id, userId));
  if (!user) throw new HttpError(401, 'Unauthenticated.');
  return {
    name: user.name,
    phone: user.phone,
    email: user.email,
    pending_email: user.pending && user.expiresAt && user.expiresAt > now ? user.pending : null,
    avatar_path: user.avatarPath,
    upcoming_orders: (await upcomingOrders(db, userId, now)).length,
    email_reminders: user.reminders,
  };
}

/** The day-before reminders by e-mail on or off (the profile's switch; a reminder's unsubscribe link turns it off). */
export async function setEmailReminders(db: Database, userId: number, enabled: boolean, now: Date): Promise<void> {
  await db.update(users).set({ emailReminders: enabled, updatedAt: now }).where(eq(users.id, userId));
}

/** The name shown to guides and on reviews: 2–100 characters, letters required. */
export async function rename(db: Database, userId: number, raw: string, now: Date): Promise<void> {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length < 2) throw fieldError('name', 'Укажите имя: хотя бы 2 буквы.');
  if (name.length > NAME_MAX) throw fieldError('name', `Имя длиннее ${NAME_MAX} символов.`);
  if (!/\p{L}/u.test(name)) throw fieldError('name', 'В имени должны быть буквы.');
  await db.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Sends a code to a new e-mail; the address is used only once the code comes back (confirmEmail). One pending address
 * per account (a new one replaces it); at most EMAIL_CODES_PER_HOUR codes an hour.
 */
export async function requestEmail(db: Database, mailAvailable: boolean, userId: number, raw: string, now: Date): Promise<number | null> {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email)) throw fieldError('email', 'Введите корректный адрес электронной почты.');
  if (!mailAvailable) throw new HttpError(503, 'Подтверждение почты временно недоступно. Попробуйте позже.', {});
  const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(emailConfirmations).where(eq(emailConfirmations.userId, userId)).for('update');
    const windowOpen = current && now.getTime() - current.windowStartedAt.getTime() < 60 * MINUTE_MS;
    if (windowOpen && current.sentInWindow >= EMAIL_CODES_PER_HOUR) {
      const wait = Math.ceil((current.windowStartedAt.getTime() + 60 * MINUTE_MS - now.getTime()) / 1000);
      throw new HttpError(429, 'Слишком много писем с кодом. Попробуйте через час.', { expiry_seconds: [String(wait)] });
    }
    const values = {
      email,
      codeHash: hashEmailCode(userId, email, code),
      attempts: 0,
      sentInWindow: windowOpen ? current.sentInWindow + 1 : 1,
      windowStartedAt: windowOpen ? current.windowStartedAt : now,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
    };
    await tx.insert(emailConfirmations).values({ userId, ...values }).onConflictDoUpdate({ target: emailConfirmations.userId, set: values });
    // written with the code (a refused request sends nothing); the outbox sends it after the commit
    return queueLetter(
      tx,
      {
        to: email,
        subject: `Код подтверждения Excursio: ${code}`,
        lines: [
          `Ваш код для подтверждения почты на Excursio: ${code}.`,
          'Он действует 30 минут. Если вы не просили код, просто проигнорируйте письмо.',
        ],
      },
      now,
    );
  });
}

/** The code of the pending e-mail: right → the address is in use; wrong → counted (5 allowed). */
export async function confirmEmail(db: Database, userId: number, raw: string, now: Date): Promise<void> {
  const code = raw.trim();
  if (!new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(code)) throw fieldError('code', `Введите код из ${EMAIL_CODE_LENGTH} цифр из письма.`);
  const outcome = await db.transaction(async (tx) => {
    const [pending] = await tx.select().from(emailConfirmations).where(eq(emailConfirmations.userId, userId)).for('update');
    if (!pending || pending.expiresAt <= now) return 'expired' as const;
    if (pending.attempts >= EMAIL_CODE_ATTEMPTS) return 'exhausted' as const;
    const expected = Buffer.from(pending.codeHash, 'hex');
    const actual = Buffer.from(hashEmailCode(userId, pending.email, code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await tx.update(emailConfirmations).set({ attempts: sql`${emailConfirmations.attempts} + 1` }).where(eq(emailConfirmations.userId, userId));
      return pending.attempts + 1 >= EMAIL_CODE_ATTEMPTS ? ('exhausted' as const) : ('wrong' as const);
    }
    await tx.update(users).set({ email: pending.email, updatedAt: now }).where(eq(users.id, userId));
    // spent, but kept: the row also counts the hour's codes
    await tx.update(emailConfirmations).set({ expiresAt: now }).where(eq(emailConfirmations.userId, userId));
    return 'confirmed' as const;
  });
  if (outcome === 'expired') throw fieldError('code', 'Код устарел. Запросите новый.');
  if (outcome === 'exhausted') throw fieldError('code', 'Слишком много неверных попыток. Запросите новый код.');
  if (outcome === 'wrong') throw fieldError('code', 'Неверный код.');
}

export async function removeEmail(db: Database, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ email: null, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(emailConfirmations).set({ expiresAt: now }).where(eq(emailConfirmations.userId, userId));
  });
}

/**
 * Deletes a traveller's account: the name, phone, e-mail and photo are erased, favorites and notifications removed,
 * every token revoked; reviews stay, signed «Путешественник»; orders stay for the partner's records (as the law
 * requires). The phone is free again: signing in with it later makes a new, empty account. Returns the revoked
 * tokens' ids (their realtime connections are closed).
 */
export async function deleteAccount(db: Database, userId: number, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ userType: users.userType }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    if (user.userType !== 'client') {
      throw new HttpError(409, 'Аккаунт партнёра или сотрудника удаляется через поддержку: напишите нам.', {});
    }
    const ahead = await upcomingOrders(tx, userId, now);
    if (ahead.length > 0) {
      const list = ahead.map((id) => `№${id}`).join(', ');
      throw new HttpError(409, `Сначала отмените или завершите предстоящие заказы: ${list}.`, { orders: ahead.map(String) });
    }
    await tx
      .update(users)
      .set({ name: DELETED_NAME, phone: `x${userId}`, email: null, avatarPath: null, deletedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.update(reviews).set({ authorName: DEFAULT_NAME, userId: null }).where(eq(reviews.userId, userId));
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, userId));
    const revoked = await tx.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
    return revoked.map((t) => t.id);
  });
}

/** My profile photo: an uploaded portrait of mine (its 192 px rendition is shown next to my name). */
export async function setAvatar(db: Database, userId: number, imageId: number, now: Date): Promise<void> {
  const image = (await ownedImages(db, userId, [imageId])).get(imageId);
  if (!image || image.preset !== 'portrait') {
    throw fieldError('image_id', 'Фото не найдено: загрузите его снова.');
  }
  const avatar = image.srcset.split(', ').find((entry) => entry.endsWith(' 192w'))?.split(' ')[0] ?? image.url;
  await db.update(users).set({ avatarPath: avatar, updatedAt: now }).where(eq(users.id, userId));
}

export async function removeAvatar(db: Database, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ avatarPath: null, updatedAt: now }).where(eq(users.id, userId));
}
