import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import * as schema from '../schema';

const TABLES: Record<string, PgTable> = {
  users: schema.users,
  countries: schema.countries,
  regions: schema.regions,
  cities: schema.cities,
  tags: schema.tags,
  sights: schema.sights,
  guides: schema.guides,
  excursions: schema.excursions,
  excursion_photos: schema.excursionPhotos,
  excursion_tags: schema.excursionTags,
  excursion_sights: schema.excursionSights,
  events: schema.events,
  reviews: schema.reviews,
  orders: schema.orders,
  payments: schema.payments,
  tickets: schema.tickets,
  chat_messages: schema.chatMessages,
  chat_reads: schema.chatReads,
  notifications: schema.notifications,
  favorites: schema.favorites,
  support_tickets: schema.supportTickets,
  support_messages: schema.supportMessages,
  blog_posts: schema.blogPosts,
  documents: schema.documents,
};

/** Row counts of the seeded tables, for the seed report and the tests. */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) counts[name] = await db.$count(table);
  return counts;
}
