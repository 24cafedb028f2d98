import { bigint, customType, index, integer, pgTable, primaryKey, real, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

// The search index (issue 31). The rows of search_documents and search_terms are written by the database's own
// triggers (migration 0022_search): every write path of the catalog keeps them in step at once, with no job to run.

/** PostgreSQL full-text vector: read only inside SQL. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One searchable thing: an excursion (published only), a city, a region, a country, a sight or a guide. */
export const searchDocuments = pgTable(
  'search_documents',
  {
    /** excursion | city | region | country | sight | guide */
    kind: varchar({ length: 16 }).notNull(),
    refId: integer().notNull(),
    /** Its name in search form (lowercase, ё → е): phrase and trigram matches. */
    name: text().notNull(),
    /** russian-configuration vector, weights A (name) … D (description). */
    tsv: tsvector().notNull(),
    /** Same words through the `simple` configuration: exact (unstemmed) matches rank above word forms. */
    exact: tsvector().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    index('search_documents_tsv_idx').using('gin', t.tsv),
    index('search_documents_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Every word of the indexed text (search form) with its russian lexeme: the vocabulary typos are corrected against. */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text().primaryKey(),
    lexeme: text().notNull(),
    /** Documents that used it when it was added (a tie-breaker between equally close corrections). */
    weight: real().notNull().default(1),
  },
  (t) => [index('search_terms_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops')), index('search_terms_lexeme_idx').on(t.lexeme)],
);

/** Synonyms staff can edit: a query word or phrase (search form) also searches `expansion` (Питер → Санкт-Петербург). */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    term: text().notNull().unique('search_synonyms_term_key'),
    /** Its group's expansion (kept equal to it by the back office's writes). */
    expansion: text().notNull(),
    groupId: integer()
      .notNull()
      .references(() => searchSynonymGroups.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_synonyms_group_idx').on(t.groupId)],
);

/** A synonym group (migration 0026_search_speed): what its terms also search. Staff edit them in the back office. */
export const searchSynonymGroups = pgTable('search_synonym_groups', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  expansion: text().notNull().unique('search_synonym_groups_expansion_key'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
});

/** One row: the search index's version, moved by every write of documents, vocabulary or synonyms (0026). */
export const searchState = pgTable('search_state', {
  id: integer().primaryKey().default(1),
  version: bigint({ mode: 'number' }).notNull().default(1),
  /** search_changes holds every change of the documents after this version (0027). */
  changesFrom: bigint({ mode: 'number' }).notNull().default(0),
});

/** The documents each version wrote (0027): a process holding the index of names in memory reloads only those. */
export const searchChanges = pgTable(
  'search_changes',
  {
    version: bigint({ mode: 'number' }).notNull(),
    kind: varchar({ length: 16 }).notNull(),
    refId: integer().notNull(),
  },
  (t) => [index('search_changes_version_idx').on(t.version)],
);
