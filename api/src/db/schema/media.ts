import { customType, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { reviews } from './orders';
import { users } from './users';

/** Raw bytes (PostgreSQL bytea; PGlite too). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An uploaded picture (a profile photo, a review's or an excursion's photo), checked and re-encoded by the api: only
 * the renditions are kept (metadata removed), in the database, so every deployment serves them with no file store.
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** sha256 of the renditions' source: the public, immutable name of its files (/api/media/u/{hash}/…). */
    hash: varchar({ length: 64 }).notNull().unique('uploaded_images_hash_key'),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** photo (landscape renditions) or portrait (square avatars). */
    preset: varchar({ length: 16 }).notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_images_owner_id_idx').on(t.ownerId)],
);

export const uploadedImageFiles = pgTable(
  'uploaded_image_files',
  {
    imageId: integer()
      .notNull()
      .references(() => uploadedImages.id, { onDelete: 'cascade' }),
    /** '640.webp', '1280.jpg' … */
    name: varchar({ length: 32 }).notNull(),
    contentType: varchar({ length: 32 }).notNull(),
    width: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.name] })],
);

/** The photos of a review (up to 5), in the author's order. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    imageId: integer()
      .notNull()
      .references(() => uploadedImages.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.position] }), index('review_photos_image_id_idx').on(t.imageId)],
);
