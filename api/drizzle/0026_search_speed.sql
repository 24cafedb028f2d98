-- Search speed and staff-edited synonyms (issue 31).
-- search_state.version moves (in the writing transaction) on every statement that changes the search index's
-- vocabulary, documents or synonyms: each api process keeps the vocabulary and the suggestion index in memory and
-- reloads them when it reads a version it has not loaded.
CREATE TABLE "search_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "search_state_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "search_state" ("id", "version") VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION search_state_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_documents_moved AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_state_moved();--> statement-breakpoint
CREATE TRIGGER search_terms_moved AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION search_state_moved();--> statement-breakpoint
CREATE TRIGGER search_synonyms_moved AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION search_state_moved();--> statement-breakpoint
-- Synonym groups: one canonical text (what the query also searches) and the words travellers type for it; staff edit
-- them in the back office. Each term row keeps its group's expansion (the engine reads term → expansion).
CREATE TABLE "search_synonym_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_synonym_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"expansion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "search_synonym_groups_expansion_key" UNIQUE("expansion")
);
--> statement-breakpoint
ALTER TABLE "search_synonym_groups" ADD CONSTRAINT "search_synonym_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "search_synonym_groups" ("expansion") SELECT DISTINCT "expansion" FROM "search_synonyms" ORDER BY 1;--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD COLUMN "group_id" integer;--> statement-breakpoint
UPDATE "search_synonyms" s SET "group_id" = g."id" FROM "search_synonym_groups" g WHERE g."expansion" = s."expansion";--> statement-breakpoint
ALTER TABLE "search_synonyms" ALTER COLUMN "group_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_group_id_search_synonym_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."search_synonym_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_synonyms_group_idx" ON "search_synonyms" USING btree ("group_id");
